// The files of a .zip (a serverless function artifact), read with fflate.
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** The file entries of a zip archive given as a path or its bytes (directories left out). */
export function readZip(zip: string | Buffer): ZipEntry[] {
  const bytes = typeof zip === 'string' ? readFileSync(zip) : zip;
  return Object.entries(unzipSync(bytes))
    .filter(([name]) => !name.endsWith('/'))
    .map(([name, data]) => ({ name, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) }));
}

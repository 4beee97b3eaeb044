// A bare kube-apiserver and etcd (the e2e's pinned binaries, no Karmada) that the admission oracle asks: every
// process it starts is stopped when the run ends, however it ends.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureKubernetesBinaries } from '../e2e/lib/build';
import { startApiServer, startEtcd, type Environment } from '../e2e/lib/cluster';
import { startInterpreter } from '../e2e/lib/interpreter';
import { Kube, KubeError } from '../e2e/lib/kube';
import { makePki } from '../e2e/lib/pki';
import { freePort, Supervisor } from '../e2e/lib/processes';

export interface OracleServer {
  kube: Kube;
  /** Our own `npm start` over HTTPS, when asked for: the /convert webhook of the CRDs that are ours. */
  conversion?: { url: string; caBundle: string };
  /** Stops etcd and the API server and removes their folder. */
  stop(): Promise<void>;
}

/**
 * Starts etcd and one kube-apiserver on loopback ports, and with `withConversion` our `npm start` over TLS for the
 * CRDs whose conversion is ours; `log` says what is built or started.
 */
export async function startOracleServer(log: (line: string) => void, withConversion: boolean): Promise<OracleServer> {
  const binaries = await ensureKubernetesBinaries(log);
  const dir = mkdtempSync(join(tmpdir(), 'admission-oracle-'));
  const logDir = join(dir, 'logs');
  mkdirSync(logDir);
  const supervisor = new Supervisor(logDir);
  const stopped = () => {
    supervisor.killAllNow();
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopped);
  try {
    const pki = makePki(join(dir, 'pki'));
    const etcd = await startEtcd(supervisor, binaries, dir);
    // Priority admission would want PriorityClasses, which the requirement checks never name; the flag, repeated,
    // adds to the e2e's list.
    const server = await startApiServer({ supervisor, binaries, pki, dir }, 'oracle-apiserver', etcd, ['--disable-admission-plugins=Priority']);
    const kube = new Kube(server);
    let conversion: OracleServer['conversion'];
    if (withConversion) {
      const port = await freePort();
      const interpreter = { name: 'interpreter', port, url: `https://127.0.0.1:${port}` };
      await startInterpreter({ supervisor, pki } as unknown as Environment, interpreter);
      conversion = { url: `${interpreter.url}/convert`, caBundle: pki.caBundle };
    }
    return {
      kube,
      ...(conversion === undefined ? {} : { conversion }),
      async stop() {
        kube.close();
        await supervisor.stopAll();
        process.removeListener('exit', stopped);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await supervisor.stopAll();
    stopped();
    throw error;
  }
}

/** One cause of an API server's refusal: the field it names and its own message. */
export interface Refusal {
  field: string;
  message: string;
}

/** The causes of a refusal as the API server states them (its Status `details.causes`), or its message alone. */
export function refusalsOf(error: unknown): Refusal[] {
  if (!(error instanceof KubeError)) throw error;
  try {
    const status = JSON.parse(error.body) as { message?: string; details?: { causes?: { field?: string; message?: string }[] } };
    const causes = status.details?.causes ?? [];
    if (causes.length > 0) return causes.map((cause) => ({ field: cause.field ?? '', message: cause.message ?? '' }));
    return [{ field: '', message: status.message ?? error.message }];
  } catch {
    return [{ field: '', message: error.message }];
  }
}

// One worst body, one dispatcher call, in a fresh process: `node --import tsx bench/worst-child.ts <body file>`.
// Prints one JSON line: the call's CPU and wall time, the process's peak RSS (before the call and after it), and
// the answer's status code and size. The body is read from the file before the clock starts.
import { readFileSync } from 'node:fs';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { handler } from '../functions/dispatcher';
import { httpApiEvent } from '../test/support/events';

export interface WorstChildFigures {
  cpuMs: number;
  wallMs: number;
  /** process.resourceUsage().maxRSS, in MB: after the import and the body's read, and after the call. */
  maxRssBeforeMb: number;
  maxRssMb: number;
  statusCode: number;
  /** The answer's `response.status.code` when it is unsuccessful, else 200. */
  code: number;
  successful: boolean;
  answerBytes: number;
  message?: string;
}

const rawBody = readFileSync(process.argv[2]!, 'utf8');
const event = httpApiEvent({ rawBody });
const maxRssBeforeMb = process.resourceUsage().maxRSS / 1024;
const cpu = process.cpuUsage();
const wall = performance.now();
const result = (await handler(event)) as APIGatewayProxyStructuredResultV2;
const wallMs = performance.now() - wall;
const used = process.cpuUsage(cpu);
const maxRssMb = process.resourceUsage().maxRSS / 1024;
const text = typeof result.body === 'string' ? result.body : '';
let code = result.statusCode ?? 0;
let successful = false;
let message: string | undefined;
try {
  const response = (JSON.parse(text) as { response?: { successful?: boolean; status?: { code?: number; message?: string } } }).response;
  successful = response?.successful === true;
  if (response?.successful === false) {
    code = response.status?.code ?? code;
    message = (response.status?.message ?? '').slice(0, 120);
  }
} catch {
  message = text.slice(0, 120);
}
const figures: WorstChildFigures = { cpuMs: (used.user + used.system) / 1000, wallMs, maxRssBeforeMb, maxRssMb, statusCode: result.statusCode ?? 0, code, successful, answerBytes: Buffer.byteLength(text), message };
process.stdout.write(`${JSON.stringify(figures)}\n`);

// Loopback TCP ports for the servers tests and benchmarks start.
import { createServer, type Server } from 'node:net';

const handedOut = new Set<number>();

function listen(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

function portOf(server: Server): number {
  const address = server.address();
  return typeof address === 'object' && address !== null ? address.port : 0;
}

/**
 * A loopback port nothing listens on right now, never the same one twice in this process: a port handed out for a
 * server that has not started yet must not be handed out again meanwhile.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const server = await listen(0);
    const port = portOf(server);
    await close(server);
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}

/** Whether a server could listen on 127.0.0.1:`port` now. */
export async function portIsFree(port: number): Promise<boolean> {
  try {
    await close(await listen(port));
    return true;
  } catch {
    return false;
  }
}

/** A loopback port held by a listener until `release()`: what "a port in use" looks like to a server. */
export async function heldPort(): Promise<{ port: number; release(): Promise<void> }> {
  const server = await listen(0);
  return { port: portOf(server), release: () => close(server) };
}

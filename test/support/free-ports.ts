import { createServer } from 'node:net';

/** Ports nobody listens on (127.0.0.1), all held open together while picked so that they differ. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  try {
    return await Promise.all(
      servers.map(
        (server) =>
          new Promise<number>((done, reject) => {
            server.once('error', reject);
            server.listen(0, '127.0.0.1', () => done((server.address() as { port: number }).port));
          }),
      ),
    );
  } finally {
    await Promise.all(servers.map((server) => new Promise<void>((done) => (server.listening ? server.close(() => done()) : done()))));
  }
}

/** One port nobody listens on (127.0.0.1). */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  if (port === undefined) throw new Error('no free port');
  return port;
}

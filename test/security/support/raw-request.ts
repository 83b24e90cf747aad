import { request } from 'node:http';

/**
 * Sends a request line exactly as given: fetch() would normalise `%2e%2e` and reject some bytes before
 * they ever reach the app, which is what an attacker's own client does not do.
 */
export function rawRequest(baseUrl: string, path: string, method = 'GET'): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../web/build/precompress.js';
import { rawRequest } from '../support/raw-http.js';
import { useTestApp } from '../support/use-test-app.js';

const SCRIPT = `export const greeting = ${JSON.stringify('hello from the landing page '.repeat(200))};\n`;
const INDEX = `<!doctype html><html><head><title>Mailscribe</title><script type="module" src="/assets/landing-abc123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`;

describe('static files of the built web app', () => {
  const { app } = useTestApp('pglite');
  let webDir: string;
  const file = (name: string) => readFileSync(join(webDir, name));

  beforeAll(async () => {
    webDir = app.config.WEB_DIR;
    // A build as Vite and the precompress plugin leave it: originals with their .br and .gz.
    writeFileSync(join(webDir, 'index.html'), INDEX);
    writeFileSync(join(webDir, 'assets', 'landing-abc123.js'), SCRIPT);
    writeFileSync(join(webDir, 'theme-init.js'), `document.documentElement.dataset.theme = localStorage.getItem('theme') ?? 'light'; /* ${'x'.repeat(400)} */`);
    writeFileSync(join(webDir, 'assets', 'logo-abc123.png'), Buffer.alloc(2048, 7));
    await precompressDir(webDir);
  });

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => rawRequest(app.url, path, { method, headers });

  it('sends the Brotli file when the client accepts br, with the original type and the encoded length', async () => {
    const response = await get('/assets/landing-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.body.equals(file('assets/landing-abc123.js.br'))).toBe(true);
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(response.body.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(response.body).toString()).toBe(SCRIPT);
  });

  it('sends the gzip file when the client accepts gzip but not br', async () => {
    for (const acceptEncoding of ['gzip', 'br;q=0, gzip']) {
      const response = await get('/assets/landing-abc123.js', { 'accept-encoding': acceptEncoding });
      expect(response.headers['content-encoding'], acceptEncoding).toBe('gzip');
      expect(response.body.equals(file('assets/landing-abc123.js.gz'))).toBe(true);
      expect(Number(response.headers['content-length'])).toBe(response.body.length);
      expect(gunzipSync(response.body).toString()).toBe(SCRIPT);
    }
  });

  it('sends the file itself to a client without Accept-Encoding, still saying the answer varies by it', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }] as Record<string, string>[]) {
      const response = await get('/assets/landing-abc123.js', headers);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body.toString()).toBe(SCRIPT);
      expect(Number(response.headers['content-length'])).toBe(SCRIPT.length);
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
    }
  });

  it('caches hashed assets for a year and revalidates index.html and the unhashed files', async () => {
    expect((await get('/assets/landing-abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/logo-abc123.png')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/', '/index.html', '/dashboard/doc/123', '/theme-init.js']) {
      expect((await get(path, { 'accept-encoding': 'br' })).headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('sends index.html compressed from every history-fallback path', async () => {
    for (const path of ['/', '/dashboard', '/usage?from=2026-01-01']) {
      const response = await get(path, { 'accept-encoding': 'br, gzip' });
      expect(response.status, path).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(response.body).toString()).toBe(INDEX);
    }
  });

  it('answers 304 with the same ETag when index.html has not changed, and 200 once it has', async () => {
    const first = await get('/', { 'accept-encoding': 'br' });
    const etag = String(first.headers['etag']);
    expect(etag).toMatch(/^W\/"/);
    const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['etag']).toBe(etag);
    // The identity file is another representation with its own validator.
    expect((await get('/', { 'if-none-match': etag })).status).toBe(200);

    writeFileSync(join(webDir, 'index.html'), INDEX.replace('Mailscribe', 'Mailscribe, rebuilt'));
    await precompressDir(webDir);
    const rebuilt = await get('/', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(rebuilt.status).toBe(200);
    expect(rebuilt.headers['etag']).not.toBe(etag);
    expect(brotliDecompressSync(rebuilt.body).toString()).toContain('Mailscribe, rebuilt');
  });

  it('answers HEAD with the headers of the encoded file and no body', async () => {
    const response = await get('/assets/landing-abc123.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(Number(response.headers['content-length'])).toBe(file('assets/landing-abc123.js.br').length);
    expect(response.body.length).toBe(0);
  });

  it('answers a Range request with the whole file, never a slice of compressed bytes', async () => {
    const response = await get('/assets/landing-abc123.js', { 'accept-encoding': 'br', range: 'bytes=0-9' });
    expect(response.status).toBe(200);
    expect(response.headers['accept-ranges']).toBeUndefined();
    expect(response.headers['content-range']).toBeUndefined();
    expect(brotliDecompressSync(response.body).toString()).toBe(SCRIPT);
  });

  it('sends files that are compressed already as they are, without compressing them again', async () => {
    const response = await get('/assets/logo-abc123.png', { 'accept-encoding': 'br, gzip' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.length).toBe(2048);
  });

  it('keeps the security headers on compressed static answers', async () => {
    const response = await get('/assets/landing-abc123.js', { 'accept-encoding': 'br' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});

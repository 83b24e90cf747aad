import { describe, expect, it } from 'vitest';
import { startTestApp } from '../support/test-app.js';
import { openTestDatabase } from '../support/test-database.js';
import { useTestApp } from '../support/use-test-app.js';

describe('the HTTP platform', () => {
  const { app } = useTestApp('pglite');

  it('answers /healthz while alive and /readyz when the database answers', async () => {
    expect(await (await app.fetch('/healthz')).json()).toEqual({ status: 'ok' });
    expect(await (await app.fetch('/readyz')).json()).toEqual({ status: 'ready' });
  });

  it('serves the web app for any unknown non-API path (history fallback)', async () => {
    for (const path of ['/', '/dashboard', '/dashboard/doc/123', '/auth-success?token=x', '/anything/else']) {
      const response = await app.fetch(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const response = await app.fetch('/assets/app-1234.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it('answers unknown /api paths with a 404 in the error shape, not the web app', async () => {
    const response = await app.fetch('/api/does-not-exist');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'ROUTE.NOT_FOUND', message: 'No such endpoint: GET /api/does-not-exist' } });
  });

  it('answers a known path with the wrong method with a 405 in the error shape, naming the allowed methods', async () => {
    const response = await app.fetch('/api/logout', { method: 'GET' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('ROUTE.METHOD_NOT_ALLOWED');
  });

  it('answers malformed JSON with a 400', async () => {
    const response = await app.fetch('/api/refresh', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"oops":' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('REQUEST.MALFORMED_JSON');
  });

  it('answers an oversized JSON body with a 413', async () => {
    const response = await app.fetch('/api/refresh', { method: 'POST', json: { blob: 'x'.repeat(300 * 1024) } });
    expect(response.status).toBe(413);
  });

  it('sends the security headers on every answer', async () => {
    for (const path of ['/', '/api/status', '/healthz']) {
      const headers = (await app.fetch(path)).headers;
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(headers.get('referrer-policy')).toBe('no-referrer');
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('keeps a sane incoming X-Request-Id and replaces a hostile one', async () => {
    expect((await app.fetch('/healthz', { headers: { 'x-request-id': 'lb-123' } })).headers.get('x-request-id')).toBe('lb-123');
    // The replacement is a fresh UUID (which may itself contain the letters "bad"), never the hostile value.
    const replaced = (await app.fetch('/healthz', { headers: { 'x-request-id': 'bad id with spaces and / slashes' } })).headers.get('x-request-id');
    expect(replaced).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});

describe('the HTTP platform behind TLS', () => {
  it('sends HSTS when the public URL is https', async () => {
    const database = await openTestDatabase('pglite');
    const app = await startTestApp(database, { env: { PUBLIC_URL: 'https://mail.example.com' } });
    try {
      expect((await app.fetch('/healthz')).headers.get('strict-transport-security')).toContain('max-age=');
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('readiness without a database', () => {
  it('answers 503 on /readyz once the database is gone, while /healthz stays up', async () => {
    const database = await openTestDatabase('pglite');
    const app = await startTestApp(database);
    try {
      await database.close();
      expect((await app.fetch('/readyz')).status).toBe(503);
      expect((await app.fetch('/healthz')).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

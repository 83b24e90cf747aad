/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const apiServer = 'http://localhost:3000';

// Everything the browser asks of the Koa server goes through the dev proxy,
// so the app and the API share one origin exactly as in production.
const proxiedPrefixes = ['/api', '/oauth', '/webhooks', '/local-checkout', '/local-docs', '/healthz', '/readyz'];

export default defineConfig({
  root: webRoot,
  // precompress: .br and .gz beside every text file of the build, sent as they are by the server.
  plugins: [react(), precompress()],
  resolve: {
    // @contract: the server's HTTP API types (src/contract), imported type-only, and the document input
    // rules (document-input-rules.ts), the one file imported for its values.
    alias: { '@': `${webRoot}src`, '@contract': fileURLToPath(new URL('../src/contract', import.meta.url)) },
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // dist/web/.vite/manifest.json: scripts/check-bundle-size.mjs reads what the landing page loads.
    manifest: true,
  },
  server: {
    proxy: Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: apiServer }])),
  },
  test: {
    name: 'web',
    root: webRoot,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // One module graph per worker instead of one per file (59 s → 22 s for this project on two cores).
    // src/test/setup.ts puts back the stores, storage, timers, mocks and globals after each test and
    // loads the lazy pages before the first.
    isolate: false,
    // Above Testing Library's 5 s wait (src/test/setup.ts), so a missing element fails with its own message.
    testTimeout: 15_000,
  },
});

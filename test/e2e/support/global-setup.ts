// Vitest global setup of the e2e project, work each journey file did for itself before:
// - One Chromium for the run. Each file connects to it (launchBrowser in browser.ts) and still gets a fresh
//   context (empty storage) per test, so files see nothing of each other.
// - A migrated embedded database (a PGlite dump), unpacked into each app's new DATA_DIR by startApp: a first
//   start's initdb and migrations on disk took about 5 s of CPU per app (first-start.test.ts covers them).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { writePgliteTemplate } from '../../support/global-setup.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's WebSocket endpoint, for `chromium.connect`. */
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'mailscribe-e2e-template-'));
  const [server, template] = await Promise.all([
    chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, timeout: 60_000 }),
    writePgliteTemplate(dir),
  ]);
  project.provide('chromiumEndpoint', server.wsEndpoint());
  project.provide('pgliteTemplatePath', template);
  return async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  };
}

// Where things stand on the screen, and the screenshots the CI keeps (.ci/run reports test-results/phone
// and test-results/screens as artefacts).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { ROOT } from './app-process.js';

export type Box = { left: number; right: number; top: number; bottom: number };

/** The element's edges in CSS pixels of the viewport; it must be shown. */
export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element is not shown');
  return { left: box.x, right: box.x + box.width, top: box.y, bottom: box.y + box.height };
}

/** A screenshot of the viewport as `test-results/<folder>/<name>.png`. */
export async function keepScreenshot(page: Page, folder: 'phone' | 'screens', name: string): Promise<void> {
  const dir = join(ROOT, 'test-results', folder);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

/**
 * The JavaScript the browser downloads, in bytes as the server sends them to a browser
 * (Accept-Encoding: br, gzip; the build's Brotli files): the landing page (the same count as
 * `npm run check:size`), the signed-in app shell, and what the usage route adds on top.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANDING_JS_BUDGET_BYTES, measureLanding, measureOnTheWire } from '../../../scripts/check-bundle-size.mjs';
import { createHttpApp } from '../../../src/platform/http/http-app.js';

type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, Chunk>;

/** Bytes sent, encoded. */
export interface BundleSizes {
  landingSent: number;
  landingBudget: number;
  appShellSent: number;
  usageRouteSent: number;
  chartLibrarySent: number;
}

const USAGE_PAGE = 'src/features/usage/components/usage-page.tsx';

/** Every JS file a chunk loads before it runs (its static imports, transitively). */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(key)) return into;
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

export async function bundleSizes(webDir: string): Promise<BundleSizes> {
  const manifestPath = join(webDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`no build in ${webDir}: run \`npm run build\` first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const sentOf = async (keys: Iterable<string>) => {
    const files = [...keys].map((key) => manifest[key]?.file).filter((file): file is string => Boolean(file?.endsWith('.js')));
    const measured = await measureOnTheWire(webDir, files, createHttpApp);
    return measured.reduce((total, file) => total + file.sent, 0);
  };

  const shell = staticClosure(manifest, 'index.html');
  staticClosure(manifest, 'src/app/boot.tsx', shell);
  const usage = staticClosure(manifest, USAGE_PAGE);
  const chart = new Set<string>();
  for (const lazy of manifest[USAGE_PAGE]?.dynamicImports ?? []) staticClosure(manifest, lazy, chart);
  const beyondShell = (keys: Set<string>) => [...keys].filter((key) => !shell.has(key));

  return {
    landingSent: (await measureLanding(webDir, createHttpApp)).total,
    landingBudget: LANDING_JS_BUDGET_BYTES,
    appShellSent: await sentOf(shell),
    usageRouteSent: await sentOf(new Set([...beyondShell(usage), ...beyondShell(chart)])),
    chartLibrarySent: await sentOf(beyondShell(chart)),
  };
}

/**
 * What travels per route, in bytes as the server sends them to a browser (Accept-Encoding: br, gzip; the
 * build's Brotli files), fetched from the real HTTP app: a first visit to the landing page (the same count as
 * `npm run check:size`: HTML, scripts, stylesheets, icon), what the signed-in app shell adds when a visitor
 * moves on (router, dashboard, documents: scripts and stylesheets), and what the usage route adds on top.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANDING_BUDGET_BYTES, measureLanding, measureOnTheWire } from '../../../scripts/check-bundle-size.mjs';
import { createHttpApp } from '../../../src/platform/http/http-app.js';

type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
type Manifest = Record<string, Chunk>;

/** Bytes sent for one route, encoded: everything, and the JavaScript part of it. */
export interface RouteBytes {
  sent: number;
  scripts: number;
}

export interface BundleSizes {
  landing: RouteBytes;
  landingBudget: number;
  /** On top of the landing page. */
  appShell: RouteBytes;
  /** On top of the shell. */
  usageRoute: RouteBytes;
  chartLibrarySent: number;
}

const USAGE_PAGE = 'src/features/usage/components/usage-page.tsx';

/** Every chunk a chunk loads before it runs (its static imports, transitively). */
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
  const landing = await measureLanding(webDir, createHttpApp);
  const landingFiles = new Set(landing.files.map((file) => file.file));

  /** The scripts and stylesheets of these chunks that the landing page did not load already. */
  const sentOf = async (keys: Iterable<string>): Promise<RouteBytes> => {
    const files = new Set<string>();
    for (const key of keys) {
      const chunk = manifest[key];
      if (!chunk) continue;
      for (const file of [chunk.file, ...(chunk.css ?? [])]) if (!landingFiles.has(file)) files.add(file);
    }
    const measured = await measureOnTheWire(webDir, [...files], createHttpApp);
    return {
      sent: measured.reduce((total, file) => total + file.sent, 0),
      scripts: measured.filter((file) => file.file.endsWith('.js')).reduce((total, file) => total + file.sent, 0),
    };
  };

  const shell = staticClosure(manifest, 'index.html');
  staticClosure(manifest, 'src/app/boot.tsx', shell);
  const usage = staticClosure(manifest, USAGE_PAGE);
  const chart = new Set<string>();
  for (const lazy of manifest[USAGE_PAGE]?.dynamicImports ?? []) staticClosure(manifest, lazy, chart);
  const beyondShell = (keys: Set<string>) => [...keys].filter((key) => !shell.has(key));

  return {
    landing: { sent: landing.pageTotal, scripts: landing.total },
    landingBudget: LANDING_BUDGET_BYTES,
    appShell: await sentOf(shell),
    usageRoute: await sentOf(new Set([...beyondShell(usage), ...beyondShell(chart)])),
    chartLibrarySent: (await sentOf(beyondShell(chart))).sent,
  };
}

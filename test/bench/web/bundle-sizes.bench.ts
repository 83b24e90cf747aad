/**
 * The JavaScript the browser downloads (gzip, per file, as a server sends it): the landing page (the
 * same count as `npm run check:size`), the signed-in app shell, and what the usage route adds on top.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSize, LANDING_JS_BUDGET_BYTES, measureLanding } from '../../../scripts/check-bundle-size.mjs';

type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, Chunk>;

export interface BundleSizes {
  landingGzip: number;
  landingBudget: number;
  appShellGzip: number;
  usageRouteGzip: number;
  chartLibraryGzip: number;
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

export function bundleSizes(webDir: string): BundleSizes {
  const manifestPath = join(webDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`no build in ${webDir}: run \`npm run build\` first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const gzipOf = (keys: Iterable<string>) => {
    let total = 0;
    for (const key of keys) {
      const file = manifest[key]?.file;
      if (file?.endsWith('.js')) total += gzipSize(readFileSync(join(webDir, file)));
    }
    return total;
  };

  const shell = staticClosure(manifest, 'index.html');
  staticClosure(manifest, 'src/app/boot.tsx', shell);
  const usage = staticClosure(manifest, USAGE_PAGE);
  const chart = new Set<string>();
  for (const lazy of manifest[USAGE_PAGE]?.dynamicImports ?? []) staticClosure(manifest, lazy, chart);
  const beyondShell = (keys: Set<string>) => [...keys].filter((key) => !shell.has(key));

  return {
    landingGzip: measureLanding(webDir).total,
    landingBudget: LANDING_JS_BUDGET_BYTES,
    appShellGzip: gzipOf(shell),
    usageRouteGzip: gzipOf(new Set([...beyondShell(usage), ...beyondShell(chart)])),
    chartLibraryGzip: gzipOf(beyondShell(chart)),
  };
}

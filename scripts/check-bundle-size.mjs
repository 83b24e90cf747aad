#!/usr/bin/env node
// The landing page's JavaScript budget: everything a first visit to / downloads and runs must stay
// within 100 KB gzip. Run after `npm run build` (npm run check:size); exits 1 above the budget.
//
// What counts: the scripts of the built index.html (the entry module, its modulepreloads and any
// plain script such as theme-init.js), every chunk the entry imports statically (from Vite's
// manifest, transitively), and, should the landing page ever become a lazy chunk of its own, that
// chunk and its static imports too. Chunks loaded only after the visitor moves on (the router, the
// other screens) do not count. Each file is gzipped separately with node:zlib, as a server sends it.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

/** 100 KB, in bytes (kB as Vite's build report counts them). */
export const LANDING_JS_BUDGET_BYTES = 100_000;

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const DEFAULT_WEB_DIR = join(ROOT, 'dist/web');

/** Source folders whose lazy chunks are part of the landing page when it is split off. */
const LANDING_SOURCES = ['src/features/landing/'];

function fail(message, code = 1) {
  console.error(`check-bundle-size: ${message}`);
  process.exit(code);
}

/** Same-origin script URLs of index.html: <script src> and <link rel="modulepreload" href>. */
export function scriptsOfHtml(html) {
  const urls = new Set();
  for (const match of html.matchAll(/<script\b[^>]*\bsrc=["']([^"']+)["'][^>]*>/gi)) urls.add(match[1]);
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const tag = match[0];
    if (!/\brel=["']modulepreload["']/i.test(tag)) continue;
    const href = /\bhref=["']([^"']+)["']/i.exec(tag);
    if (href) urls.add(href[1]);
  }
  return [...urls].filter((url) => !/^[a-z]+:\/\//i.test(url) && !url.startsWith('//'));
}

/** The JS files (relative to the web dir) the landing page loads, from Vite's manifest. */
export function landingFilesOfManifest(manifest) {
  const entries = Object.entries(manifest);
  const entry = entries.find(([, chunk]) => chunk.isEntry && chunk.src === 'index.html');
  if (!entry) throw new Error('the manifest has no entry for index.html');

  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry[0]);
  for (const [key, chunk] of entries) {
    if (chunk.isDynamicEntry && LANDING_SOURCES.some((source) => chunk.src?.startsWith(source))) visit(key);
  }
  return [...files].filter((file) => file.endsWith('.js'));
}

export function gzipSize(buffer) {
  return gzipSync(buffer, { level: constants.Z_DEFAULT_COMPRESSION }).length;
}

const kb = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;

export function measureLanding(webDir = DEFAULT_WEB_DIR) {
  const htmlPath = join(webDir, 'index.html');
  const manifestPath = join(webDir, '.vite/manifest.json');
  if (!existsSync(htmlPath) || !existsSync(manifestPath)) {
    throw new Error(`no build with a manifest in ${webDir}: run \`npm run build\` first`);
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const files = new Set(landingFilesOfManifest(manifest));
  for (const url of scriptsOfHtml(readFileSync(htmlPath, 'utf8'))) files.add(url.replace(/^\//, ''));

  const measured = [...files].sort().map((file) => {
    const path = join(webDir, file);
    if (!existsSync(path)) throw new Error(`${file} is referenced by the build but missing from ${webDir}`);
    const content = readFileSync(path);
    return { file, raw: content.length, gzip: gzipSize(content) };
  });
  return { files: measured, total: measured.reduce((sum, file) => sum + file.gzip, 0) };
}

function main() {
  const dirArgument = process.argv.indexOf('--dir');
  const webDir = dirArgument > 0 && process.argv[dirArgument + 1] ? resolve(process.argv[dirArgument + 1]) : DEFAULT_WEB_DIR;
  let result;
  try {
    result = measureLanding(webDir);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error), 2);
  }

  const width = Math.max(...result.files.map(({ file }) => file.length), 'total'.length);
  console.log(`Landing page JavaScript (${webDir}), gzip per file:`);
  for (const { file, raw, gzip } of result.files) {
    console.log(`  ${file.padEnd(width)}  ${kb(raw).padStart(10)} raw  ${kb(gzip).padStart(10)} gzip`);
  }
  console.log(`  ${'total'.padEnd(width)}  ${''.padStart(14)}  ${kb(result.total).padStart(10)} gzip (budget ${kb(LANDING_JS_BUDGET_BYTES)})`);

  if (result.total > LANDING_JS_BUDGET_BYTES) {
    fail(
      `the landing page loads ${kb(result.total)} of JavaScript (gzip), over the ${kb(LANDING_JS_BUDGET_BYTES)} budget. ` +
        'Keep the router and other screens out of the entry chunk (web/src/main.tsx, web/src/app/router.tsx).',
    );
  }
  console.log(`OK: ${kb(LANDING_JS_BUDGET_BYTES - result.total)} under the budget.`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();

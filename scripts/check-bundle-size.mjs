#!/usr/bin/env node
// The landing page's budget: everything a first visit to / downloads (its HTML, scripts, stylesheets
// and icon) must stay within 100 KB on the wire. Run after `npm run build` (npm run check:size); exits 1 above the budget,
// or when a script or stylesheet of the landing page travels uncompressed.
//
// What counts: the scripts of the built index.html (the entry module, its modulepreloads and any
// plain script such as theme-init.js), every chunk the entry imports statically (from Vite's
// manifest, transitively), and, should the landing page ever become a lazy chunk of its own, that
// chunk and its static imports too. Chunks loaded only after the visitor moves on (the router, the
// other screens) do not count.
//
// How it counts: the built server's HTTP app (dist/src, the same middleware production runs, no
// database needed for static files) serves the build on an ephemeral port, and each file is fetched
// as a browser does (Accept-Encoding: br, gzip). The bytes counted are the body bytes that arrive,
// still encoded: what travels, not an estimate. The page's HTML, stylesheets and icon are reported too.
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

/** 100 KB, in bytes (kB as Vite's build report counts them), for the whole first visit. */
export const LANDING_BUDGET_BYTES = 100_000;

/** What a current browser sends. */
export const BROWSER_ACCEPT_ENCODING = 'br, gzip';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const DEFAULT_WEB_DIR = join(ROOT, 'dist/web');
const BUILT_HTTP_APP = join(ROOT, 'dist/src/platform/http/http-app.js');

/** Source folders whose lazy chunks are part of the landing page when it is split off. */
const LANDING_SOURCES = ['src/features/landing/'];

function fail(message, code = 1) {
  console.error(`check-bundle-size: ${message}`);
  process.exit(code);
}

const sameOrigin = (url) => !/^[a-z]+:\/\//i.test(url) && !url.startsWith('//');

/** Same-origin script URLs of index.html: <script src> and <link rel="modulepreload" href>. */
export function scriptsOfHtml(html) {
  return linksOfHtml(html, 'modulepreload', true);
}

/** Same-origin hrefs of <link rel="<rel>"> in index.html (and <script src> when asked). */
function linksOfHtml(html, rel, withScripts = false) {
  const urls = new Set();
  if (withScripts) for (const match of html.matchAll(/<script\b[^>]*\bsrc=["']([^"']+)["'][^>]*>/gi)) urls.add(match[1]);
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const tag = match[0];
    if (!new RegExp(`\\brel=["'][^"']*\\b${rel}\\b[^"']*["']`, 'i').test(tag)) continue;
    const href = /\bhref=["']([^"']+)["']/i.exec(tag);
    if (href) urls.add(href[1]);
  }
  return [...urls].filter(sameOrigin);
}

/** The files (relative to the web dir) of the landing page's chunks, from Vite's manifest: JS and CSS. */
function landingChunksOfManifest(manifest) {
  const entries = Object.entries(manifest);
  const entry = entries.find(([, chunk]) => chunk.isEntry && chunk.src === 'index.html');
  if (!entry) throw new Error('the manifest has no entry for index.html');

  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry[0]);
  for (const [key, chunk] of entries) {
    if (chunk.isDynamicEntry && LANDING_SOURCES.some((source) => chunk.src?.startsWith(source))) visit(key);
  }
  return [...files];
}

/** The JS files (relative to the web dir) the landing page loads, from Vite's manifest. */
export function landingFilesOfManifest(manifest) {
  return landingChunksOfManifest(manifest).filter((file) => file.endsWith('.js'));
}

/** Every file a first visit to / downloads, relative to the web dir, by kind. */
export function landingFiles(webDir = DEFAULT_WEB_DIR) {
  const htmlPath = join(webDir, 'index.html');
  const manifestPath = join(webDir, '.vite/manifest.json');
  if (!existsSync(htmlPath) || !existsSync(manifestPath)) {
    throw new Error(`no build with a manifest in ${webDir}: run \`npm run build\` first`);
  }
  const html = readFileSync(htmlPath, 'utf8');
  const chunks = landingChunksOfManifest(JSON.parse(readFileSync(manifestPath, 'utf8')));
  const strip = (url) => url.replace(/^\//, '');
  const scripts = new Set([...chunks.filter((file) => file.endsWith('.js')), ...scriptsOfHtml(html).map(strip)]);
  const stylesheets = new Set([...chunks.filter((file) => file.endsWith('.css')), ...linksOfHtml(html, 'stylesheet').map(strip)]);
  const icons = new Set(linksOfHtml(html, 'icon').map(strip));
  const files = [
    { file: 'index.html', kind: 'html' },
    ...[...scripts].sort().map((file) => ({ file, kind: 'script' })),
    ...[...stylesheets].sort().map((file) => ({ file, kind: 'stylesheet' })),
    ...[...icons].sort().map((file) => ({ file, kind: 'icon' })),
  ];
  for (const { file } of files) {
    if (!existsSync(join(webDir, file))) throw new Error(`${file} is referenced by the build but missing from ${webDir}`);
  }
  return files;
}

export function gzipSize(buffer) {
  return gzipSync(buffer, { level: constants.Z_DEFAULT_COMPRESSION }).length;
}

/** GET `path` and count the body bytes as they arrive (node:http never decodes them). */
function fetchEncoded(baseUrl, path, acceptEncoding) {
  return new Promise((resolvePromise, reject) => {
    const req = request(`${baseUrl}/${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolvePromise({ status: res.statusCode, encoding: res.headers['content-encoding'] ?? 'identity', bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The built server's HTTP app (dist/src), as `npm start` composes it minus the API routes. */
export async function loadBuiltHttpApp() {
  if (!existsSync(BUILT_HTTP_APP)) throw new Error(`no built server in ${BUILT_HTTP_APP}: run \`npm run build\` first`);
  return (await import(pathToFileURL(BUILT_HTTP_APP).href)).createHttpApp;
}

/**
 * Serves `webDir` with `createHttpApp` on an ephemeral port and fetches each file as a browser does.
 * Returns, per file, its size on disk and the bytes the server sent (with their Content-Encoding).
 */
export async function measureOnTheWire(webDir, files, createHttpApp, acceptEncoding = BROWSER_ACCEPT_ENCODING) {
  const { pino } = await import('pino');
  const app = createHttpApp({ logger: pino({ level: 'silent' }), routers: [], webDir, https: false, trustProxy: false });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolvePromise, reject) => server.once('listening', resolvePromise).once('error', reject));
  try {
    const baseUrl = `http://127.0.0.1:${server.address().port}`;
    const measured = [];
    for (const entry of files) {
      const file = typeof entry === 'string' ? entry : entry.file;
      const sent = await fetchEncoded(baseUrl, file === 'index.html' ? '' : file, acceptEncoding);
      if (sent.status !== 200) throw new Error(`the server answered ${sent.status} for /${file}`);
      measured.push({ ...(typeof entry === 'string' ? { file } : entry), raw: readFileSync(join(webDir, file)).length, encoding: sent.encoding, sent: sent.bytes });
    }
    return measured;
  } finally {
    server.closeAllConnections();
    await new Promise((resolvePromise) => server.close(resolvePromise));
  }
}

/** The landing page over the wire: every file, the scripts' total (the budget's) and the page's total. */
export async function measureLanding(webDir = DEFAULT_WEB_DIR, createHttpApp) {
  const files = await measureOnTheWire(webDir, landingFiles(webDir), createHttpApp ?? (await loadBuiltHttpApp()));
  const sum = (list) => list.reduce((total, file) => total + file.sent, 0);
  return { files, total: sum(files.filter((file) => file.kind === 'script')), pageTotal: sum(files) };
}

const kb = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;

async function main() {
  const dirArgument = process.argv.indexOf('--dir');
  const webDir = dirArgument > 0 && process.argv[dirArgument + 1] ? resolve(process.argv[dirArgument + 1]) : DEFAULT_WEB_DIR;
  let result;
  try {
    result = await measureLanding(webDir);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error), 2);
  }

  const width = Math.max(...result.files.map(({ file }) => file.length), 'landing page, everything'.length);
  console.log(`Landing page (${webDir}) as the built server sends it (Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}):`);
  for (const { file, raw, encoding, sent } of result.files) {
    console.log(`  ${file.padEnd(width)}  ${kb(raw).padStart(10)} raw  ${kb(sent).padStart(10)} sent (${encoding})`);
  }
  console.log(`  ${'scripts'.padEnd(width)}  ${''.padStart(14)}  ${kb(result.total).padStart(10)} sent`);
  console.log(`  ${'landing page, everything'.padEnd(width)}  ${''.padStart(14)}  ${kb(result.pageTotal).padStart(10)} sent (budget ${kb(LANDING_BUDGET_BYTES)})`);

  const uncompressed = result.files.filter(
    ({ file, kind, encoding }) => (kind === 'script' || kind === 'stylesheet') && encoding === 'identity' && gzipSize(readFileSync(join(webDir, file))) < readFileSync(join(webDir, file)).length,
  );
  if (uncompressed.length > 0) {
    fail(`${uncompressed.map(({ file }) => file).join(', ')} travel uncompressed: the build writes .br and .gz files (web/build/precompress.ts).`);
  }
  if (result.pageTotal > LANDING_BUDGET_BYTES) {
    fail(
      `a first visit to / moves ${kb(result.pageTotal)} (${kb(result.total)} of it JavaScript), over the ${kb(LANDING_BUDGET_BYTES)} budget. ` +
        'Keep the router and other screens out of the entry chunk (web/src/main.tsx, web/src/app/router.tsx).',
    );
  }
  console.log(`OK: ${kb(LANDING_BUDGET_BYTES - result.pageTotal)} under the budget.`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();

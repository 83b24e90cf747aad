/**
 * Build-time compression of the web app: next to every text file of the build, `<file>.br` (Brotli,
 * quality 11) and `<file>.gz` (gzip, level 9). The server sends these as they are (see
 * src/platform/http/web-app.ts), so it never compresses a static file at request time and can afford
 * the slowest, smallest settings here.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats; images and fonts are compressed already and would only grow. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.ico', '.wasm']);

export interface PrecompressedFile {
  /** Path relative to the build folder. */
  file: string;
  raw: number;
  /** Size of the .br written, or null when Brotli would not make it smaller (no file written). */
  br: number | null;
  gzip: number | null;
}

/** Files to compress, skipping dot folders (Vite's .vite/manifest.json is read by tools, never served). */
async function textFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await textFiles(path)));
    else if (entry.isFile() && COMPRESSIBLE.has(extname(entry.name).toLowerCase())) files.push(path);
  }
  return files;
}

/** Writes a variant only when it is smaller than the original: the server then sends the original. */
async function writeIfSmaller(path: string, original: Buffer, encoded: Buffer): Promise<number | null> {
  if (encoded.length >= original.length) return null;
  await writeFile(path, encoded);
  return encoded.length;
}

export async function precompressDir(dir: string): Promise<PrecompressedFile[]> {
  const root = resolve(dir);
  const files = await textFiles(root);
  return Promise.all(
    files.map(async (path) => {
      const content = await readFile(path);
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      return {
        file: relative(root, path),
        raw: content.length,
        br: await writeIfSmaller(`${path}.br`, content, br),
        gzip: await writeIfSmaller(`${path}.gz`, content, gz),
      };
    }),
  );
}

/** The Vite plugin: compresses the whole output folder once the build (public files included) is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'mailscribe:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await precompressDir(outDir);
      const raw = files.reduce((sum, file) => sum + file.raw, 0);
      const br = files.reduce((sum, file) => sum + (file.br ?? file.raw), 0);
      this.info(`precompressed ${files.length} files: ${(raw / 1000).toFixed(1)} kB → ${(br / 1000).toFixed(1)} kB Brotli`);
    },
  };
}

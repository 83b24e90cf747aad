import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressDir } from '../../../web/build/precompress.js';
import { fileTempDir } from '../../support/temp-dirs.js';

function aBuild(): string {
  const dir = fileTempDir('mailscribe-build-');
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>Mailscribe</title>${'<p>text</p>'.repeat(100)}`);
  writeFileSync(join(dir, 'assets', 'index-abc.js'), 'console.log("landing");\n'.repeat(200));
  writeFileSync(join(dir, 'assets', 'index-abc.css'), 'body { margin: 0 }\n'.repeat(100));
  writeFileSync(join(dir, 'assets', 'photo-abc.png'), Buffer.alloc(4096, 1));
  writeFileSync(join(dir, '.vite', 'manifest.json'), '{}'.repeat(1000));
  writeFileSync(join(dir, 'tiny.js'), '1');
  return dir;
}

describe('precompressing the web build', () => {
  it('writes a .br and a .gz beside each text file that decode to the original', async () => {
    const dir = aBuild();
    const files = await precompressDir(dir);
    for (const name of ['index.html', 'assets/index-abc.js', 'assets/index-abc.css']) {
      const original = readFileSync(join(dir, name));
      expect(brotliDecompressSync(readFileSync(join(dir, `${name}.br`))).equals(original), name).toBe(true);
      expect(gunzipSync(readFileSync(join(dir, `${name}.gz`))).equals(original), name).toBe(true);
      const row = files.find((file) => file.file === name);
      expect(row?.br).toBe(readFileSync(join(dir, `${name}.br`)).length);
      expect(row?.br).toBeLessThan(row?.raw ?? 0);
    }
  });

  it('leaves images, dot folders and files that would not shrink alone', async () => {
    const dir = aBuild();
    const files = await precompressDir(dir);
    expect(existsSync(join(dir, 'assets', 'photo-abc.png.br'))).toBe(false);
    expect(existsSync(join(dir, '.vite', 'manifest.json.br'))).toBe(false);
    expect(existsSync(join(dir, 'tiny.js.br'))).toBe(false);
    expect(existsSync(join(dir, 'tiny.js.gz'))).toBe(false);
    expect(files.find((file) => file.file === 'tiny.js')).toMatchObject({ raw: 1, br: null, gzip: null });
  });
});

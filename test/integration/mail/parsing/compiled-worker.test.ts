import { execFile } from 'node:child_process';
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gmailManualForward, iso88592Polish } from '../../../support/mime-samples.js';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../../../..');
const parsing = 'src/modules/mail/infra/parsing';

/**
 * Production runs `node dist/src/main.js`: the parser must then start `mail-parse.worker.js` with plain
 * Node, no tsx. This builds the server as `npm run build:server` does and parses in a separate Node process.
 */
describe('the mail parser compiled to JavaScript', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mailscribe-parser-dist-'));
    await symlink(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    await writeFile(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    await run(process.execPath, [join(root, 'scripts/build-server.mjs'), '--outdir', dir], { cwd: root });
  }, 120_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('parses in a worker started from the compiled files, with no TypeScript loader', async () => {
    const samples = [await iso88592Polish(), await gmailManualForward()];
    await Promise.all(samples.map((sample, n) => writeFile(join(dir, `sample-${n}.eml`), sample.raw)));
    const script = `
      import { readFile } from 'node:fs/promises';
      import { WorkerMailParser } from './${parsing}/worker-mail.parser.js';
      const parser = new WorkerMailParser();
      const mails = [];
      for (const n of [0, 1]) mails.push(await parser.parse(await readFile('./sample-' + n + '.eml')));
      await parser.close();
      console.log(JSON.stringify(mails));`;
    await writeFile(join(dir, 'parse.mjs'), script);
    const { stdout } = await run(process.execPath, ['parse.mjs'], { cwd: dir, env: { ...process.env, NODE_OPTIONS: '' } });
    const [polish, forward] = JSON.parse(stdout) as { subject: string; structured: { body: string; sender: unknown } }[];
    expect(polish?.subject).toBe(samples[0]?.expected.subject);
    expect(polish?.structured.body).toContain('Zażółć gęślą jaźń.');
    expect(forward?.structured.sender).toEqual(samples[1]?.expected.sender);
  }, 60_000);
});

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { ROOT } from '../../support/operations/app-process.js';
import { builtServerFile } from '../../support/server-build.js';

/** The packages of production adapters that an install on the embedded defaults never calls. */
const ADAPTER_SDKS = ['stripe', 'openai', 'google-auth-library', '@googleapis/docs', '@googleapis/drive'];

// Node's module hooks see every import the process resolves; each package file resolved is written out at once.
const HOOK = `import { writeSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const found = await next(specifier, context);
  const name = /\\/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(found.url)?.[1];
  if (name) writeSync(1, 'package ' + name + '\\n');
  return found;
}`;

// Imports what main.ts imports to start (the composition root with every module, and the roles), marks
// the start, then imports one SDK itself: the hook must see that one, or seeing none before proves nothing.
const PROGRAM = `import { register } from 'node:module';
import { writeSync } from 'node:fs';
register('data:text/javascript,' + encodeURIComponent(process.env.HOOK));
await import(process.env.CONTAINER);
await import(process.env.RUNTIME);
writeSync(1, 'started\\n');
await import('stripe');`;

it('loads no SDK of a production adapter (Stripe, OpenAI, Google) when the server starts on the embedded defaults', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', PROGRAM], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOOK, CONTAINER: builtServerFile('src/container.ts'), RUNTIME: builtServerFile('src/roles/runtime.ts') },
  });
  const [atStart = '', afterStart = ''] = stdout.split('started\n');
  const loaded = (lines: string) => new Set(lines.split('\n').flatMap((line) => (line.startsWith('package ') ? [line.slice('package '.length)] : [])));
  expect(loaded(atStart)).toContain('knex');
  expect([...loaded(atStart)].filter((name) => ADAPTER_SDKS.includes(name))).toEqual([]);
  expect(loaded(afterStart)).toContain('stripe');
});

// `npm start`: builds what is missing or stale (web app, server), then runs the app on embedded defaults.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newestMtime(dir) {
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => (existsSync(source) ? newestMtime(source) > built : false));
}

/** Runs an npm script and says how long it took: a first start builds for a while, and says so. */
function run(script, what) {
  console.log(`${what}…`);
  const started = performance.now();
  const result = spawnSync('npm', ['run', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(`${what}: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const webIndex = join(root, 'dist/web/index.html');
if (isStale(webIndex, [join(root, 'web/src'), join(root, 'web/index.html'), join(root, 'web/public'), join(root, 'web/build'), join(root, 'web/vite.config.ts')])) {
  run('build:web', 'Building the web app');
}
const serverMain = join(root, 'dist/src/main.js');
if (isStale(serverMain, [join(root, 'src'), join(root, 'migrations')])) {
  run('build:server', 'Building the server');
}

process.chdir(root);
console.log('Starting Mailscribe…');
await import(serverMain);

// `npm run build:web`: the web app's production bundle, whatever NODE_ENV the shell has. Vite builds
// React's development bundle when NODE_ENV=development is in the environment (the value .env.example
// documents for a local install), which is 50 kB heavier on the landing page and slower everywhere.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const vite = join(root, 'node_modules/vite/bin/vite.js');
const result = spawnSync(process.execPath, [vite, 'build', '--config', 'web/vite.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
process.exit(result.status ?? 1);

// `npm run dev`: Vite with hot reload on :5173 (proxying the API) and the server in watch mode on :3000.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
// Sign-in redirects must come back through Vite so the browser stays on the dev origin.
const env = { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' };

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/main.ts'], { cwd: root, env, stdio: 'inherit' }),
  spawn('npx', ['vite', '--config', 'web/vite.config.ts', '--port', '5173', '--strictPort'], { cwd: root, env, stdio: 'inherit' }),
];

const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });

// Entry of the parser worker when running from TypeScript sources (tsx, vitest). Node 20 does not apply
// a Worker's `execArgv: ['--import', 'tsx']` to the worker's own entry (nodejs/node#47747), so this
// plain-JS entry registers tsx in the worker and then loads the TypeScript worker. Compiled builds
// (dist/) start mail-parse.worker.js directly and never load this file.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);

// The same rules for the web app, resolved with its own tsconfig (the `@/` alias lives there).
// dependency-cruiser needs an absolute path here: a relative one breaks the tsconfig's `extends`.
import { fileURLToPath } from 'node:url';
import server from './.dependency-cruiser.mjs';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  ...server,
  options: { ...server.options, tsConfig: { fileName: fileURLToPath(new URL('./web/tsconfig.boundaries.json', import.meta.url)) } },
};

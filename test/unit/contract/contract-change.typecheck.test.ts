import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesIn, repoRoot, typecheck } from '../../support/typecheck.js';

// The web app and the server are compiled with one field of src/contract renamed in memory: both
// sides must then fail, each where it uses the field, and for no other reason. (Unedited, the same
// files compile clean: that is `npm run typecheck`.)
const CONTRACT = 'src/contract/documents.ts';

/** The web app's own code; its tests and build config are left out to keep the compile small. */
const webApp = (configured: string[]) => configured.filter((path) => path.startsWith('web/src/') && !/(__tests__|\.test\.|^web\/src\/test\/)/.test(path));

/** The presenters write the response bodies; body-parser.ts brings @koa/bodyparser's typing of the request. */
const serverSide = [...filesIn('src/modules', '.presenter.ts'), 'src/platform/http/body-parser.ts'];

/** Compiling the web app takes a while on a busy CI machine; nothing here measures time. */
const COMPILE = { timeout: 180_000 };

describe('the HTTP contract, shared by the web app and the server', () => {
  it('fails the type check where the web app reads, and where the server writes, a field the contract no longer has', COMPILE, () => {
    const contract = readFileSync(join(repoRoot, CONTRACT), 'utf8');
    // DocumentListItem is the first type of the file: its documentName becomes title.
    const renamed = contract.replace('  documentName: string;', '  title: string;');
    expect(renamed).not.toBe(contract);

    const web = typecheck({ tsconfig: 'web/tsconfig.json', roots: webApp, files: { [CONTRACT]: renamed } });
    const server = typecheck({ tsconfig: 'tsconfig.json', roots: serverSide, files: { [CONTRACT]: renamed } });

    expect(web.length).toBeGreaterThan(0);
    for (const diagnostic of web) {
      expect(diagnostic.file).toMatch(/^web\/src\//);
      expect(diagnostic.message).toMatch(/'documentName'.*'DocumentListItem'|'title'.*'DocumentListItem'/s);
    }
    // Where the web app reads a listed document's name: the cached list kept in step after a change, and the
    // plan selection naming the account's documents.
    expect(web.map((diagnostic) => diagnostic.file)).toEqual(
      expect.arrayContaining(['web/src/features/documents/api/document-cache.ts', 'web/src/app/routes/plan-selection-route.tsx']),
    );
    expect(server).toEqual([
      expect.objectContaining({ file: 'src/modules/documents/http/document.presenter.ts', message: expect.stringContaining("'documentName' does not exist in type 'DocumentListItem'") }),
    ]);
  });
});

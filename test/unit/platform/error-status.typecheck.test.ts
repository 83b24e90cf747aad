import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesIn, repoRoot, typecheck, type Diagnostic } from '../../support/typecheck.js';

// These run the TypeScript compiler on the real status table and catalogues, with one file edited in
// memory each time. The first case is the control: unedited, the same program has no error, so each
// refusal below comes from the edit, not from the set-up.
const STATUS_TABLE = 'src/platform/http/error-status.ts';
const catalogues = filesIn('src/modules', '.errors.ts');
const source = (path: string) => readFileSync(join(repoRoot, path), 'utf8');

function check(files: Record<string, string> = {}, extraRoots: string[] = []): Diagnostic[] {
  return typecheck({ tsconfig: 'tsconfig.json', roots: [STATUS_TABLE, ...catalogues, ...extraRoots], files });
}

/** The check failed, only in `file`, and said why: it names `code`. */
function expectRefused(diagnostics: Diagnostic[], file: string, code: string): void {
  expect(new Set(diagnostics.map((diagnostic) => diagnostic.file))).toEqual(new Set([file]));
  expect(diagnostics.map((diagnostic) => diagnostic.message).join('\n')).toContain(code);
}

/** Compiling several programs on a busy CI machine takes a while; nothing here measures time. */
const COMPILE = { timeout: 120_000 };

describe('the error catalogues and the status table, as the type check sees them', () => {
  it('accepts the status table as it is: every catalogued code has a status', COMPILE, () => {
    expect(catalogues).toEqual(expect.arrayContaining(['src/modules/mail/mail.errors.ts', 'src/modules/documents/documents.errors.ts', 'src/modules/billing/billing.errors.ts']));
    expect(check()).toEqual([]);
  });

  it('refuses a code added to a catalogue without a status', COMPILE, () => {
    const mail = source('src/modules/mail/mail.errors.ts');
    const withNewCode = mail.replace("NOT_RETRYABLE: 'MAIL.NOT_RETRYABLE',", "NOT_RETRYABLE: 'MAIL.NOT_RETRYABLE',\n  STUCK: 'MAIL.STUCK',");
    expect(withNewCode).not.toBe(mail);

    const diagnostics = check({ 'src/modules/mail/mail.errors.ts': withNewCode });

    expectRefused(diagnostics, STATUS_TABLE, 'MAIL.STUCK');
  });

  it("refuses a new module's catalogue until its codes have statuses", COMPILE, () => {
    const probe = 'src/modules/probe/probe.errors.ts';
    const catalogue = [
      "export const ProbeErrors = { FAILED: 'PROBE.FAILED' } as const;",
      "declare module '../../shared/app-error.js' {",
      '  interface AppErrorCatalogues {',
      '    probe: (typeof ProbeErrors)[keyof typeof ProbeErrors];',
      '  }',
      '}',
    ].join('\n');

    const diagnostics = check({ [probe]: catalogue }, [probe]);

    expectRefused(diagnostics, STATUS_TABLE, 'PROBE.FAILED');
  });

  it('refuses a status for a code that no catalogue declares', COMPILE, () => {
    const table = source(STATUS_TABLE);
    const withTypo = table.replace("  INTERNAL: 500,\n", "  INTERNAL: 500,\n  'DOCUMENT.NOT_FUOND': 404,\n");
    expect(withTypo).not.toBe(table);

    const diagnostics = check({ [STATUS_TABLE]: withTypo });

    expectRefused(diagnostics, STATUS_TABLE, 'DOCUMENT.NOT_FUOND');
  });

  it('refuses an AppError whose code is in no catalogue, and takes one that is', COMPILE, () => {
    const thrower = (code: string) => `import { AppError } from '../../../shared/app-error.js';\nexport const fail = () => new AppError('${code}', 'Mail not found.');\n`;
    const good = 'src/modules/mail/application/probe-good.ts';
    const bad = 'src/modules/mail/application/probe-bad.ts';

    const diagnostics = check({ [good]: thrower('MAIL.NOT_FOUND'), [bad]: thrower('MAIL.NOT_FUOND') }, [good, bad]);

    expectRefused(diagnostics, bad, 'MAIL.NOT_FUOND');
  });
});

// The boundary rules of .dependency-cruiser.mjs (run by `npm run lint`), each shown failing on a
// deliberate violation written into a copy of a small fixture tree, and the clean tree passing.
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { cruise, type IConfiguration, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLEAN_TREE, type FixtureTree } from './boundaries-fixture.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// The fixture resolves with copies of the real tsconfig files, so the `.js` and `@/` specifiers behave as in the code.
const TSCONFIGS = ['tsconfig.base.json', 'tsconfig.json', 'web/tsconfig.json', 'web/tsconfig.boundaries.json'];

type Part = 'server' | 'web';
const PARTS: Record<Part, { config: string; tsConfig: string; folders: string[] }> = {
  server: { config: '.dependency-cruiser.mjs', tsConfig: 'tsconfig.json', folders: ['src'] },
  web: { config: '.dependency-cruiser.web.mjs', tsConfig: 'web/tsconfig.boundaries.json', folders: ['web/src'] },
};

const configs = new Map<Part, IConfiguration>();
const workDirs: string[] = [];

beforeAll(async () => {
  for (const part of Object.keys(PARTS) as Part[]) {
    const module = (await import(pathToFileURL(join(ROOT, PARTS[part].config)).href)) as { default: IConfiguration };
    configs.set(part, module.default);
  }
});

afterAll(() => {
  for (const dir of workDirs) rmSync(dir, { recursive: true, force: true });
});

function writeTree(tree: FixtureTree): string {
  const dir = mkdtempSync(join(tmpdir(), 'mailscribe-boundaries-'));
  workDirs.push(dir);
  for (const file of TSCONFIGS) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(ROOT, file), join(dir, file));
  }
  // Packages resolve to the real ones, so they count as npm packages exactly as in the code base.
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  for (const [file, text] of Object.entries(tree)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

/** Cruises one part of a fixture tree with our configuration; returns the violations. */
async function violationsIn(part: Part, extraFiles: FixtureTree = {}): Promise<IViolation[]> {
  const dir = writeTree({ ...CLEAN_TREE, ...extraFiles });
  const config = configs.get(part);
  if (!config) throw new Error(`no configuration loaded for ${part}`);
  const tsConfigFile = join(dir, PARTS[part].tsConfig);
  const { output } = await cruise(
    PARTS[part].folders,
    {
      ...config.options,
      baseDir: dir,
      tsConfig: { fileName: tsConfigFile },
      validate: true,
      ruleSet: { forbidden: config.forbidden ?? [] },
      outputType: 'json',
    },
    undefined,
    { tsConfig: extractTSConfig(tsConfigFile) },
  );
  const result = (typeof output === 'string' ? JSON.parse(output) : output) as ICruiseResult;
  return result.summary.violations;
}

type Case = { part: Part; breaks: string; files: FixtureTree };

// One deliberate violation per case. Each must be reported by its rule and by no other rule.
const CASES: Record<string, Case[]> = {
  'domain-imports-only-its-domain-and-shared': [
    { part: 'server', breaks: 'another module, even through its index.ts', files: { 'src/modules/alpha/domain/bad.ts': `export { hasQuota } from '../../beta/index.js';\n` } },
    { part: 'server', breaks: 'the platform', files: { 'src/modules/alpha/domain/bad.ts': `export { openDatabase } from '../../../platform/db/database.js';\n` } },
    { part: 'server', breaks: 'an npm package', files: { 'src/modules/alpha/domain/bad.ts': `import { z } from 'zod';\nexport const schema = z.string();\n` } },
    { part: 'server', breaks: 'a type-only import of a driver', files: { 'src/modules/alpha/domain/bad.ts': `import type { Knex } from 'knex';\nexport type Db = Knex;\n` } },
    { part: 'server', breaks: 'a node built-in', files: { 'src/modules/alpha/domain/bad.ts': `import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n` } },
    { part: 'server', breaks: 'its own application layer', files: { 'src/modules/alpha/domain/bad.ts': `export type { ThingRepository } from '../application/ports/thing.repository.port.js';\n` } },
  ],
  'text-imports-only-itself': [
    { part: 'server', breaks: 'a module', files: { 'src/text/bad.ts': `export { hasQuota } from '../modules/beta/index.js';\n` } },
    { part: 'server', breaks: 'an npm package', files: { 'src/text/bad.ts': `import { z } from 'zod';\nexport const cue = z.string();\n` } },
  ],
  'shared-imports-only-itself': [
    { part: 'server', breaks: 'the platform', files: { 'src/shared/bad.ts': `export { openDatabase } from '../platform/db/database.js';\n` } },
    { part: 'server', breaks: 'an npm package', files: { 'src/shared/bad.ts': `import { z } from 'zod';\nexport const schema = z.string();\n` } },
    { part: 'server', breaks: 'an I/O built-in', files: { 'src/shared/bad.ts': `import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n` } },
  ],
  'application-imports-no-outer-layer': [
    { part: 'server', breaks: "its module's infra", files: { 'src/modules/alpha/application/bad.ts': `export { KnexThingRepository } from '../infra/knex.thing.repository.js';\n` } },
    { part: 'server', breaks: "its module's http", files: { 'src/modules/alpha/application/bad.ts': `export { thingRoutes } from '../http/thing.routes.js';\n` } },
    { part: 'server', breaks: 'the platform beyond the config and logger tokens', files: { 'src/modules/alpha/application/bad.ts': `export { openDatabase } from '../../../platform/db/database.js';\n` } },
  ],
  'application-imports-no-framework': [
    { part: 'server', breaks: 'Koa', files: { 'src/modules/alpha/application/bad.ts': `import Koa from 'koa';\nexport const app = new Koa();\n` } },
    { part: 'server', breaks: "knex's types", files: { 'src/modules/alpha/application/bad.ts': `import type { Knex } from 'knex';\nexport type Db = Knex;\n` } },
    { part: 'server', breaks: 'an I/O built-in', files: { 'src/modules/alpha/application/bad.ts': `import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n` } },
  ],
  'modules-meet-at-their-index': [
    { part: 'server', breaks: "another module's use case file", files: { 'src/modules/alpha/application/bad.ts': `export { CheckQuota } from '../../beta/application/check-quota.use-case.js';\n` } },
    { part: 'server', breaks: "another module's adapter", files: { 'src/modules/alpha/infra/bad.ts': `export { KnexQuotaRepository } from '../../beta/infra/knex.quota.repository.js';\n` } },
  ],
  'platform-imports-no-module': [
    { part: 'server', breaks: "a module's port", files: { 'src/platform/metrics/bad.ts': `export type { ThingRepository } from '../../modules/alpha/application/ports/thing.repository.port.js';\n` } },
    { part: 'server', breaks: "a module's surface", files: { 'src/platform/metrics/bad.ts': `export { hasQuota } from '../../modules/beta/index.js';\n` } },
  ],
  'roles-and-cli-use-module-surfaces': [
    { part: 'server', breaks: "a role reaching a module's adapter", files: { 'src/roles/bad.role.ts': `export { KnexThingRepository } from '../modules/alpha/infra/knex.thing.repository.js';\n` } },
    { part: 'server', breaks: "a CLI command reaching a module's use case file", files: { 'src/cli/bad.ts': `export { CheckQuota } from '../modules/beta/application/check-quota.use-case.js';\n` } },
  ],
  'web-features-stay-apart': [
    { part: 'web', breaks: "a feature importing another feature's api", files: { 'web/src/features/billing/components/bad.ts': `export { getDocuments } from '@/features/documents/api/get-documents';\n` } },
    { part: 'web', breaks: 'the same through a relative path', files: { 'web/src/features/billing/components/bad.ts': `export { DocumentsPage } from '../../documents/components/documents-page';\n` } },
  ],
  'web-shared-code-imports-no-feature': [
    { part: 'web', breaks: 'lib importing a feature', files: { 'web/src/lib/bad.ts': `export { getDocuments } from '@/features/documents/api/get-documents';\n` } },
    { part: 'web', breaks: 'a ui component importing a feature', files: { 'web/src/components/ui/bad.tsx': `export { BillingPage } from '@/features/billing/components/billing-page';\n` } },
  ],
  'web-app-shell-on-top': [
    { part: 'web', breaks: 'a feature importing the app shell', files: { 'web/src/features/billing/components/bad.ts': `export { session } from '@/app/session';\n` } },
  ],
  'no-cycles': [
    { part: 'server', breaks: 'two server files importing each other', files: { 'src/shared/ids.ts': `import { other } from './ids-other.js';\nexport const id = () => other;\n`, 'src/shared/ids-other.ts': `import { id } from './ids.js';\nexport const other = () => id;\n` } },
    // The shape the web app had: router → login guard → session → router (a type-only import still closes it).
    { part: 'web', breaks: 'a loop through the router', files: { 'web/src/app/session.ts': `import type { routes } from './router';\nexport const session = { token: null as string | null, routes: null as null | typeof routes };\n` } },
  ],
  'imports-resolve': [
    { part: 'server', breaks: 'a server import of a missing file', files: { 'src/platform/metrics/bad.ts': `export { nothing } from './missing.js';\n` } },
    { part: 'web', breaks: 'a web import of a missing alias target', files: { 'web/src/lib/bad.ts': `export { nothing } from '@/lib/missing';\n` } },
  ],
};

/**
 * Every case of a part in one tree, each under a file name of its own (`bad.ts` → `bad-3.ts`), so the part
 * is cruised once, not once per case: a violation belongs to the case whose file it comes from.
 */
function allCasesOf(part: Part): { files: FixtureTree; owner: Map<string, string> } {
  const files: FixtureTree = {};
  const owner = new Map<string, string>();
  let n = 0;
  for (const [rule, cases] of Object.entries(CASES)) {
    for (const item of cases.filter((one) => one.part === part)) {
      n += 1;
      const key = `${rule}: ${item.breaks}`;
      for (const [file, text] of Object.entries(item.files)) {
        const unique = file.replace(/\/bad(\.tsx?)$/, `/bad-${n}$1`);
        files[unique] = text;
        owner.set(unique, key);
      }
    }
  }
  return { files, owner };
}

describe('the boundary rules', () => {
  it.each(['server', 'web'] as const)('find nothing to report in a %s tree that keeps every boundary', async (part) => {
    expect(await violationsIn(part)).toEqual([]);
  });

  it('have a deliberate violation in this test for every rule of the configuration', () => {
    const names = (configs.get('server')?.forbidden ?? []).map((rule) => rule.name);
    expect(names.length).toBeGreaterThan(0);
    expect(Object.keys(CASES).sort()).toEqual([...names].sort());
  });

  it.each(['server', 'web'] as const)('report each deliberate violation of the %s tree by its own rule and by no other', async (part) => {
    const { files, owner } = allCasesOf(part);
    const violations = await violationsIn(part, files);
    const found = new Map<string, Set<string>>();
    for (const violation of violations) {
      // A cycle is reported from each file on it, the clean tree's files included.
      const onCycle = (violation.cycle ?? []).map((step) => owner.get(step.name)).find((one) => one !== undefined);
      const key = owner.get(violation.from) ?? onCycle;
      // A violation that no case's file explains would be the clean tree breaking a rule.
      expect(key, `${violation.rule.name} from ${violation.from}`).toBeDefined();
      if (key) found.set(key, (found.get(key) ?? new Set()).add(violation.rule.name));
    }
    const expected = Object.entries(CASES).flatMap(([rule, cases]) => cases.filter((one) => one.part === part).map((one) => [`${rule}: ${one.breaks}`, [rule]] as const));
    expect(Object.fromEntries([...found].map(([key, rules]) => [key, [...rules]]))).toEqual(Object.fromEntries(expected));
  });
});

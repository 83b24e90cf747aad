// A miniature Mailscribe that keeps every boundary rule: two modules (alpha, beta) with their layers,
// the platform, a role, a CLI command, and a web app with two features. Each import below is one the
// rules allow, so a clean cruise also shows that the rules do not forbid what the code base needs.
// Imports are written as in the real code: `.js` specifiers for the server, the `@/` alias for web.

export type FixtureTree = Record<string, string>;

export const CLEAN_TREE: FixtureTree = {
  'package.json': JSON.stringify({
    name: 'boundaries-fixture',
    type: 'module',
    dependencies: { knex: '*', koa: '*', tsyringe: '*', zod: '*', react: '*' },
  }),

  // Server: shared kernel, text knowledge and platform.
  'src/shared/clock.ts': `export interface Clock { now(): Date }\n`,
  'src/text/languages.ts': `export type CuesByLanguage = Record<string, readonly string[]>;\n`,
  'src/text/sign-offs.ts': `import type { CuesByLanguage } from './languages.js';\nexport const CLOSINGS: CuesByLanguage = { en: ['regards'], de: ['grüße'] };\n`,
  'src/platform/config/config.ts': `export interface AppConfig { PUBLIC_URL: string }\nexport const APP_CONFIG = Symbol('AppConfig');\n`,
  'src/platform/logging/logger.ts': `export interface Logger { info(message: string): void }\nexport const LOGGER = Symbol('Logger');\n`,
  'src/platform/db/database.ts': `import knex from 'knex';\nexport const openDatabase = () => knex({ client: 'pg' });\n`,
  'src/platform/metrics/registry.ts': `export const counters = new Map<string, number>();\n`,

  // Module beta: a domain rule and a use case, offered through its index.ts.
  'src/modules/beta/domain/quota.ts': `export const hasQuota = (left: number) => left > 0;\n`,
  'src/modules/beta/domain/quota-note.ts': `import { CLOSINGS } from '../../../text/sign-offs.js';\nexport const signOff = CLOSINGS.en;\n`,
  'src/modules/beta/application/check-quota.use-case.ts': [
    `import { injectable } from 'tsyringe';`,
    `import { hasQuota } from '../domain/quota.js';`,
    `@injectable()`,
    `export class CheckQuota { run(left: number) { return hasQuota(left); } }`,
    ``,
  ].join('\n'),
  'src/modules/beta/infra/knex.quota.repository.ts': `import type { Knex } from 'knex';\nexport class KnexQuotaRepository { constructor(readonly db: Knex) {} }\n`,
  'src/modules/beta/index.ts': `export { CheckQuota } from './application/check-quota.use-case.js';\nexport { hasQuota } from './domain/quota.js';\n`,

  // Module alpha: every layer, using beta only through beta's index.ts.
  'src/modules/alpha/domain/thing.ts': `import type { Clock } from '../../../shared/clock.js';\nexport const stamp = (clock: Clock) => clock.now().toISOString();\n`,
  'src/modules/alpha/domain/thing-rules.ts': `import { stamp } from './thing.js';\nexport const describe = stamp;\n`,
  'src/modules/alpha/application/ports/thing.repository.port.ts': `export interface ThingRepository { save(id: string): Promise<void> }\nexport const THING_REPOSITORY = Symbol('ThingRepository');\n`,
  'src/modules/alpha/application/create-thing.use-case.ts': [
    `import { randomUUID } from 'node:crypto';`,
    `import { inject, injectable } from 'tsyringe';`,
    `import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';`,
    `import { LOGGER, type Logger } from '../../../platform/logging/logger.js';`,
    `import { CheckQuota } from '../../beta/index.js';`,
    `import { describe } from '../domain/thing-rules.js';`,
    `import { THING_REPOSITORY, type ThingRepository } from './ports/thing.repository.port.js';`,
    `@injectable()`,
    `export class CreateThing {`,
    `  constructor(`,
    `    @inject(THING_REPOSITORY) private readonly things: ThingRepository,`,
    `    @inject(APP_CONFIG) private readonly config: AppConfig,`,
    `    @inject(LOGGER) private readonly logger: Logger,`,
    `    @inject(CheckQuota) private readonly quota: CheckQuota,`,
    `  ) {}`,
    `  async run() { this.logger.info(this.config.PUBLIC_URL + describe); if (this.quota.run(1)) await this.things.save(randomUUID()); }`,
    `}`,
    ``,
  ].join('\n'),
  'src/modules/alpha/infra/knex.thing.repository.ts': [
    `import type { Knex } from 'knex';`,
    `import { openDatabase } from '../../../platform/db/database.js';`,
    `import type { ThingRepository } from '../application/ports/thing.repository.port.js';`,
    `export class KnexThingRepository implements ThingRepository {`,
    `  constructor(readonly db: Knex = openDatabase()) {}`,
    `  async save(id: string) { await this.db('things').insert({ id }); }`,
    `}`,
    ``,
  ].join('\n'),
  'src/modules/alpha/http/thing.routes.ts': [
    `import type Koa from 'koa';`,
    `import { z } from 'zod';`,
    `import type { CreateThing } from '../application/create-thing.use-case.js';`,
    `export const thingRoutes = (createThing: CreateThing) => async (ctx: Koa.Context) => { z.object({}).parse(ctx.request); await createThing.run(); };`,
    ``,
  ].join('\n'),
  'src/modules/alpha/index.ts': [
    `export { CreateThing } from './application/create-thing.use-case.js';`,
    `export { KnexThingRepository } from './infra/knex.thing.repository.js';`,
    `export { thingRoutes } from './http/thing.routes.js';`,
    ``,
  ].join('\n'),

  // Roles, CLI and the composition root use module surfaces.
  'src/roles/http.role.ts': `import { thingRoutes } from '../modules/alpha/index.js';\nexport const routes = [thingRoutes];\n`,
  'src/cli/quota.ts': `import { hasQuota } from '../modules/beta/index.js';\nconsole.log(hasQuota(1));\n`,
  'src/container.ts': `import { CreateThing } from './modules/alpha/index.js';\nimport { CheckQuota } from './modules/beta/index.js';\nexport const useCases = [CreateThing, CheckQuota];\n`,
  'src/main.ts': `import { useCases } from './container.js';\nimport { routes } from './roles/http.role.js';\nconsole.log(useCases, routes);\n`,

  // Web: shared code below, features in the middle, the app shell on top.
  'web/src/config/paths.ts': `export const paths = { home: '/' };\n`,
  'web/src/lib/format.ts': `export const formatCount = (value: number) => value.toLocaleString('en-US');\n`,
  'web/src/components/ui/button.tsx': `export function Button({ label }: { label: string }) { return <button type="button">{label}</button>; }\n`,
  'web/src/features/documents/api/get-documents.ts': `export async function getDocuments(): Promise<string[]> { return []; }\n`,
  'web/src/features/documents/components/documents-page.tsx': [
    `import { Button } from '@/components/ui/button';`,
    `import { formatCount } from '@/lib/format';`,
    `import { getDocuments } from '../api/get-documents';`,
    `export function DocumentsPage() { void getDocuments(); return <Button label={formatCount(2)} />; }`,
    ``,
  ].join('\n'),
  'web/src/features/billing/components/billing-page.tsx': `import { paths } from '@/config/paths';\nexport function BillingPage() { return <a href={paths.home}>Billing</a>; }\n`,
  'web/src/app/session.ts': `export const session = { token: null as string | null };\n`,
  'web/src/app/guards/login-guard.tsx': `import { session } from '../session';\nexport function LoginGuard() { return session.token ? null : <p>Sign in</p>; }\n`,
  'web/src/app/router.tsx': [
    `import { BillingPage } from '@/features/billing/components/billing-page';`,
    `import { DocumentsPage } from '@/features/documents/components/documents-page';`,
    `import { LoginGuard } from './guards/login-guard';`,
    `export const routes = [LoginGuard, DocumentsPage, BillingPage];`,
    ``,
  ].join('\n'),
  'web/src/main.tsx': `import { routes } from '@/app/router';\nconsole.log(routes);\n`,
  'web/src/test/render-app.tsx': `import { routes } from '@/app/router';\nexport const renderApp = () => routes;\n`,
};

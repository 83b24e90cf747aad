// The architecture's boundaries, checked on every `npm run lint`; docs/architecture.md ("Boundaries the
// lint enforces") draws them and says why. test/unit/architecture/boundaries.test.ts shows each one fail.
// Paths are relative to the repository root. `$1` in a `to` is what the `from` group matched.

/** Application code may use these npm packages and node built-ins, and nothing else from outside. */
const APPLICATION_PACKAGES = [
  // Use cases declare their ports with `@injectable`/`@inject(TOKEN)`: the house style for injection.
  '(^|/)node_modules/tsyringe/',
  // Hashing and random ids are computation, not I/O.
  '^(node:)?crypto$',
];

/** Platform files a use case may import: the injection token and type of the config and of the logger. */
const APPLICATION_PLATFORM_TOKENS = ['^src/platform/config/config\\.ts$', '^src/platform/logging/logger\\.ts$'];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'domain-imports-only-its-domain-and-shared',
      comment:
        'domain/ holds pure rules: it may import its own module\'s domain, src/shared and the text knowledge ' +
        'of src/text, nothing else (no other module, no platform, no npm package, no node built-in). One contract ' +
        'file is allowed too: src/contract/document-input-rules.ts, the name and email limits, messages and ' +
        'pattern the web app checks with, so browser and server cannot drift; it is pure and imports nothing.',
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/domain/' },
      to: { pathNot: ['^src/modules/$1/domain/', '^src/shared/', '^src/text/', '^src/contract/document-input-rules\\.ts$'] },
    },
    {
      name: 'text-imports-only-itself',
      comment:
        'src/text/ (what the code knows about mail text: sign-offs, boilerplate, invisible characters, ...) ' +
        'is a leaf every domain may use: it imports nothing but its own files (no module, no src/shared, no package).',
      severity: 'error',
      from: { path: '^src/text/' },
      to: { pathNot: '^src/text/' },
    },
    {
      name: 'shared-imports-only-itself',
      comment:
        'src/shared/ is what domains and use cases may use besides their own code (errors, the clock, ids, ' +
        'retention periods, outage errors): it imports nothing but its own files and node:crypto, so nothing ' +
        'of the platform or of a package reaches a domain through it. Plumbing for adapters goes to src/platform/.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { pathNot: ['^src/shared/', '^(node:)?crypto$'] },
    },
    {
      name: 'application-imports-no-outer-layer',
      comment:
        'application/ (use cases and their ports) imports no infra, http, roles, cli or composition code, ' +
        'and of the platform only the config and logger tokens.',
      severity: 'error',
      from: { path: '^src/modules/[^/]+/application/' },
      to: {
        path: ['^src/modules/[^/]+/(infra|http)/', '^src/platform/', '^src/(roles|cli)/', '^src/(container|main)\\.ts$'],
        pathNot: APPLICATION_PLATFORM_TOKENS,
      },
    },
    {
      name: 'application-imports-no-framework',
      comment:
        'application/ depends on no framework, driver or SDK (koa, knex, pg, stripe, zod, ...) and no ' +
        'I/O built-in; tsyringe (injection) and node:crypto are the only outside imports it may use.',
      severity: 'error',
      from: { path: '^src/modules/[^/]+/application/' },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown', 'core'], pathNot: APPLICATION_PACKAGES },
    },
    {
      name: 'modules-meet-at-their-index',
      comment: 'A module reaches another module only through its public surface, modules/<m>/index.ts.',
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/[^/]+/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'platform-imports-no-module',
      comment: 'src/platform/ is the bottom layer the modules build on: an arrow from it to a module runs back up.',
      severity: 'error',
      from: { path: '^src/platform/' },
      to: { path: ['^src/modules/', '^src/(roles|cli)/', '^src/(container|main)\\.ts$'] },
    },
    {
      name: 'roles-and-cli-use-module-surfaces',
      comment: 'Process roles and CLI commands use a module through its index.ts, never its internals.',
      severity: 'error',
      from: { path: '^src/(roles|cli)/' },
      to: { path: '^src/modules/[^/]+/', pathNot: '^src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'web-features-stay-apart',
      comment:
        'A web feature never imports another feature; what two features share moves down to ' +
        'web/src/components or web/src/lib.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-shared-code-imports-no-feature',
      comment:
        'web/src/components, web/src/lib and web/src/config sit below the features: what they import ' +
        'never depends on a feature.',
      severity: 'error',
      from: { path: '^web/src/(components|lib|config)/' },
      to: { path: '^web/src/features/' },
    },
    {
      name: 'web-app-shell-on-top',
      comment:
        'web/src/app (router, guards, layouts, session wiring) composes the features; only the entry ' +
        'point and the test helpers import it.',
      severity: 'error',
      from: { path: '^web/src/', pathNot: ['^web/src/app/', '^web/src/test/', '^web/src/main\\.tsx$'] },
      to: { path: '^web/src/app/' },
    },
    {
      name: 'no-cycles',
      comment: 'No import cycle anywhere, in the server or in the web app.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'imports-resolve',
      comment: 'Every import resolves to a file or package; otherwise the rules above would be blind to it.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a domain that imports a driver's types still depends on the driver.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

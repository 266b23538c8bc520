// Module boundaries (docs/architecture.md 'Modules and their public surfaces'), checked by `npm run lint`: a server
// module (apps/server/src/modules/<name>) or a web feature (apps/web/src/features/<name>) is used by the others only
// through its index.ts (its test kits through its testing.ts, by tests only), and no import circle crosses from one
// into another. On the server the layers are core <- resources <- modules <- the composition root: core imports no
// module nor the engine, the resource engine's own code imports no module, and everything else outside the modules
// uses them through their surfaces too. Imports that break the rules today are listed in
// .dependency-cruiser-known-violations.json (`npm run boundaries:baseline` writes it): the list may only shrink; any
// new one fails the lint.

// Test code: test files, test kits (`*-test-kit.ts`; the resource engine's `*.kit.ts`, `*-cases.ts` and
// `activity-routes.*.ts`), fixtures (`*.fixture.ts`, `resource-fixture*.ts`) and the test surfaces themselves.
const TEST_CODE = '(\\.test|-test-kit|\\.kit|-cases|\\.fixture|/resource-fixture[a-z-]*|/activity-routes\\.[a-z-]+|/testing)\\.tsx?$';
const SERVER = '^apps/server/src/';
const MODULE_FILE = `${SERVER}modules/[^/]+/`;
const SURFACE = `${MODULE_FILE}(index|testing)\\.ts$`;
// What a module brings to the tests that walk every resource and route: its fixtures and activity-log cases, which
// those tests (outside the module) list one by one.
const MODULE_TEST_PARTS = `${MODULE_FILE}.*\\.(fixture|activity-cases)\\.ts$`;
// Where the server is put together: the one place that names the modules' files (their *.module.ts, routers).
const COMPOSITION_ROOT = [`${SERVER}(app|worker-app)\\.ts$`, `${SERVER}modules/register\\.ts$`, `${SERVER}trpc/app-router\\.ts$`];

// The integrations: a platform (everything outside providers/) and its providers, each a folder providers/<name>/
// declared in the provider registry (docs/architecture.md 'The provider registry').
const INTEGRATIONS = `${SERVER}modules/integrations/`;
const PROVIDERS = `${INTEGRATIONS}providers/`;

const areas = [
  { name: 'module', root: '^apps/server/src/modules/' },
  { name: 'feature', root: '^apps/web/src/features/' },
];

module.exports = {
  forbidden: [
    ...areas.flatMap(({ name, root }) => [
      {
        name: `${name}-internals`,
        comment: `Another ${name} is used only through its public surface, its index.ts (testing.ts: its test kits).`,
        severity: 'error',
        from: { path: `${root}([^/]+)/` },
        to: { path: `${root}[^/]+/`, pathNot: [`${root}$1/`, `${root}[^/]+/(index|testing)\\.tsx?$`] },
      },
      {
        name: `${name}-test-surface`,
        comment: `A ${name}'s testing.ts (its fixtures and test kits) is for tests: production code never imports it.`,
        severity: 'error',
        from: { path: `${root}([^/]+)/`, pathNot: TEST_CODE },
        to: { path: `${root}[^/]+/testing\\.tsx?$`, pathNot: `${root}$1/` },
      },
      {
        name: `${name}-circles`,
        comment: `An import circle that leaves a ${name}: a side effect in another ${name} is an event it subscribes to.`,
        severity: 'error',
        from: { path: `${root}([^/]+)/` },
        to: { pathNot: `${root}$1/`, circular: true },
      },
    ]),
    {
      name: 'module-internals-outside',
      comment: 'Outside the modules (plugins, resources, seed, their tests), a module is used through its surfaces too.',
      severity: 'error',
      from: { path: SERVER, pathNot: [MODULE_FILE, ...COMPOSITION_ROOT] },
      to: { path: MODULE_FILE, pathNot: [SURFACE, MODULE_TEST_PARTS] },
    },
    {
      name: 'module-test-parts',
      comment: "A module's fixtures and activity-log cases are for the tests that list them: production code never imports them.",
      severity: 'error',
      from: { path: SERVER, pathNot: TEST_CODE },
      to: { path: MODULE_TEST_PARTS },
    },
    {
      name: 'module-test-surface-outside',
      comment: "A module's testing.ts is for tests, outside the modules too.",
      severity: 'error',
      from: { path: SERVER, pathNot: [MODULE_FILE, TEST_CODE] },
      to: { path: `${MODULE_FILE}testing\\.ts$` },
    },
    {
      name: 'integrations-platform',
      comment:
        "The integrations platform learns of providers only through the provider registry. Allowed besides: the module's " +
        'surfaces (index.ts re-exports what other modules use of a provider, the one door a module has; testing.ts its ' +
        "kits) and the platform's tests, which drive a provider's parts directly.",
      severity: 'error',
      from: { path: INTEGRATIONS, pathNot: [PROVIDERS, `${INTEGRATIONS}(index|testing)\\.ts$`, TEST_CODE] },
      to: { path: PROVIDERS, pathNot: `${PROVIDERS}provider-registry\\.ts$` },
    },
    {
      name: 'integrations-provider-internals',
      comment:
        "A provider does not import another provider's files: what several share is a helper at providers/*.ts, or the " +
        "platform's (the registry, which lists them all, is one of those).",
      severity: 'error',
      from: { path: `${PROVIDERS}([^/]+)/` },
      to: { path: `${PROVIDERS}[^/]+/`, pathNot: `${PROVIDERS}$1/` },
    },
    {
      name: 'core-layer',
      comment: 'core is the bottom layer: it imports no module, nor the resource engine, the plugins or tRPC.',
      severity: 'error',
      from: { path: `${SERVER}core/`, pathNot: TEST_CODE },
      to: { path: `${SERVER}(modules/[^/]+/|resources/|plugins/|trpc/)` },
    },
    {
      name: 'resources-layer',
      comment: "The resource engine serves the modules' resources, which register with it: its own code imports no module.",
      severity: 'error',
      from: { path: `${SERVER}resources/`, pathNot: TEST_CODE },
      to: { path: MODULE_FILE },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|generated)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};

// Module boundaries (docs/architecture.md 'Modules and their public surfaces'), checked by `npm run lint`: a server
// module (apps/server/src/modules/<name>) or a web feature (apps/web/src/features/<name>) is used by the others only
// through its index.ts, and no import circle crosses from one into another. Imports that break the rules today are
// listed in .dependency-cruiser-known-violations.json (`npm run boundaries:baseline` writes it): they are the work of
// moving each module behind its surface, and the list may only shrink; any new one fails the lint.

// Test code: test files, test kits (`*-test-kit.ts`) and the test surfaces themselves.
const TEST_CODE = '(\\.test|-test-kit|/testing)\\.tsx?$';

const areas = [
  { name: 'module', root: '^apps/server/src/modules/' },
  { name: 'feature', root: '^apps/web/src/features/' },
];

module.exports = {
  forbidden: areas.flatMap(({ name, root }) => [
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

import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

// The boundary rules `npm run lint` applies to the repository (.dependency-cruiser.cjs), run over small trees laid out
// like it: one module using another through its index.ts, tests using its testing.ts, and the composition root naming
// its files pass; reaching into its files (from a module or from outside), its test kits from production code, a module
// from core or the resource engine, or a circle between two modules even through their surfaces, is refused; so are,
// in the integrations, a provider's file to the platform past the registry, and one provider's file to another.

const config = createRequire(import.meta.url)('../../../.dependency-cruiser.cjs') as IConfiguration;
const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/boundaries/${name}`, import.meta.url));

async function violationsOf(tree: string) {
  const { forbidden, options } = config;
  const result = await cruise(['apps/server/src'], {
    ...options,
    tsConfig: undefined,
    baseDir: fixture(tree),
    validate: true,
    ruleSet: { forbidden },
  });
  if (typeof result.output === 'string') throw new Error(result.output);
  return result.output.summary.violations.map((violation) => ({ rule: violation.rule.name, from: violation.from, to: violation.to }));
}

describe('module boundaries', () => {
  it('let a module use another through its public surface, and tests use its test surface', async () => {
    expect(await violationsOf('clean')).toEqual([]);
  });

  it("refuse an import of another module's internal file", async () => {
    expect(await violationsOf('internal')).toEqual([
      {
        rule: 'module-internals',
        from: 'apps/server/src/modules/leads/lead.service.ts',
        to: 'apps/server/src/modules/customers/customer.service.ts',
      },
    ]);
  });

  it('refuse an import circle between modules, even through their surfaces', async () => {
    const found = await violationsOf('circle');
    expect(found.map((violation) => violation.rule)).toContain('module-circles');
    expect(found.every((violation) => violation.rule === 'module-circles')).toBe(true);
  });

  it("refuse another module's test surface to production code", async () => {
    expect(await violationsOf('test-surface')).toEqual([
      {
        rule: 'module-test-surface',
        from: 'apps/server/src/modules/leads/lead.service.ts',
        to: 'apps/server/src/modules/customers/testing.ts',
      },
    ]);
  });

  it("refuse a module's internal file to the code outside the modules", async () => {
    expect(await violationsOf('outside')).toEqual([
      {
        rule: 'module-internals-outside',
        from: 'apps/server/src/plugins/auth.plugin.ts',
        to: 'apps/server/src/modules/customers/customer.service.ts',
      },
    ]);
  });

  it("refuse a module's fixture to production code (the tests that walk every resource list it directly)", async () => {
    expect(await violationsOf('test-parts')).toEqual([
      {
        rule: 'module-test-parts',
        from: 'apps/server/src/seed/demo-data.ts',
        to: 'apps/server/src/modules/customers/customer.fixture.ts',
      },
    ]);
  });

  it('refuse a module, even its surface, to core and to the resource engine', async () => {
    expect(await violationsOf('layers')).toEqual([
      { rule: 'core-layer', from: 'apps/server/src/core/deps.ts', to: 'apps/server/src/modules/customers/index.ts' },
      {
        rule: 'resources-layer',
        from: 'apps/server/src/resources/resource.service.ts',
        to: 'apps/server/src/modules/customers/index.ts',
      },
    ]);
  });

  it("refuse a provider's file to the integrations platform, which learns of providers through the registry", async () => {
    // The registry, the sync adapters reading it and index.ts re-exporting a provider's function pass.
    expect(await violationsOf('integrations-platform')).toEqual([
      {
        rule: 'integrations-platform',
        from: 'apps/server/src/modules/integrations/integration-sync.service.ts',
        to: 'apps/server/src/modules/integrations/providers/sendgrid/sendgrid-sync.ts',
      },
    ]);
  });

  it("refuse another provider's file to a provider (a shared helper at providers/*.ts is fine)", async () => {
    expect(await violationsOf('integrations-provider')).toEqual([
      {
        rule: 'integrations-provider-internals',
        from: 'apps/server/src/modules/integrations/providers/sendgrid/sendgrid-check.ts',
        to: 'apps/server/src/modules/integrations/providers/intercom/intercom-client.ts',
      },
    ]);
  });
});

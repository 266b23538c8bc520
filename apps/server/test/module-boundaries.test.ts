import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cruise, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

// The boundary rules `npm run lint` applies to the repository (.dependency-cruiser.cjs), run over small trees laid out
// like it: one module using another through its index.ts passes; reaching into its files, or a circle between two
// modules even through their surfaces, is refused.

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
  it('let a module use another through its public surface', async () => {
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
});

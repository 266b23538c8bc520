import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';

// The OpenAPI document the server serves passes Redocly's recommended ruleset with no error (warnings are
// counted and printed, not failed): the same check as `npx @redocly/cli lint` on /api/openapi.json.

let ctx: TestContext;
let source: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const res = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  source = res.body;
});
afterAll(async () => ctx.close());

describe('the OpenAPI document', () => {
  it("has no error under Redocly's recommended rules", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'http://localhost/api/openapi.json', config });
    const errors = problems.filter((problem) => problem.severity === 'error');
    const warnings = problems.filter((problem) => problem.severity === 'warn');
    const perRule = new Map<string, number>();
    for (const problem of warnings) perRule.set(problem.ruleId, (perRule.get(problem.ruleId) ?? 0) + 1);
    const summary = [...perRule].map(([rule, count]) => `${rule}: ${count}`).join(', ');
    console.info(`OpenAPI lint: ${errors.length} errors, ${warnings.length} warnings (${summary || 'none'})`);
    const described = errors.map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? '?'}`);
    expect(described).toEqual([]);
  });

  it('catches what the recommended rules refuse', async () => {
    // The same check fails a document with an unresolved reference and an operation without a summary.
    const broken = JSON.parse(source);
    broken.paths['/api/health'].get.summary = undefined;
    broken.paths['/api/health'].get.responses['200'].content['application/json'].schema = { $ref: '#/components/schemas/Missing' };
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(broken), absoluteRef: 'http://localhost/api/openapi.json', config });
    const rules = problems.filter((problem) => problem.severity === 'error').map((problem) => problem.ruleId);
    expect(rules).toEqual(expect.arrayContaining(['no-unresolved-refs', 'operation-summary']));
  });
});

import type { RoutePath } from '@crm/domain';
import { describe, expect, it } from 'vitest';
import type { PageTable } from './route-pages';

// A type-level test: `npm run typecheck` fails if the page table's keys stop being the route table's paths (each
// `@ts-expect-error` below would then be unused). The run-time part only says what was checked.

const declared = { '/teams/members': () => null, '/teams/members/:id': () => null, '*': () => null } satisfies PageTable;

const mistyped: PageTable = {
  // @ts-expect-error a path the route table does not declare shows no page, so it must not compile
  '/teams/membres': () => null,
};

// @ts-expect-error any string is not a declared path: the union must not widen to string
const widened: RoutePath = '/anything' as string;

describe('the page table', () => {
  it('is keyed by the paths the route table declares', () => {
    expect(Object.keys(declared)).toEqual(['/teams/members', '/teams/members/:id', '*']);
    expect(mistyped).toBeDefined();
    expect(widened).toBe('/anything');
  });
});

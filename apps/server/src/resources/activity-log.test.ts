import { randomUUID } from 'node:crypto';
import { readActivityChanges } from '@crm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { RESOURCES } from '../modules/register.js';
import { type Body, RESOURCE_FIXTURES } from './resource-fixtures.js';
import { createWorld, restAs, type ResourceWorld } from './resource-test-kit.js';
import { filePart, sampleImage, uploadAs } from '../modules/storage/testing.js';
import { activityChanges } from './activity-log.js';

// docs/architecture.md 'The activity log': every write path of every resource of the registry (create, update, upsert,
// delete, restore, force delete) leaves exactly one ActivityLog row: who, which record, which action, the fields
// before and after. A refused write leaves none.

let ctx: TestContext;
let world: ResourceWorld;

beforeAll(async () => {
  ctx = await createTestApp();
  world = await createWorld(ctx);
});
afterAll(async () => ctx.close());

const api = () => restAs(ctx, world.admin);
async function post(path: string, body: Body): Promise<string> {
  const res = await api().post(path, body);
  expect(res.statusCode, `POST ${path}: ${res.body}`).toBe(201);
  return (res.json() as { data: { _id: string } }).data._id;
}
const logsOf = (subjectType: string, subjectId: string) =>
  ctx.db.activityLog.findMany({ where: { subjectType, subjectId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });

/** Runs one write and expects exactly one new row for the record, with this action. */
async function expectOneRow(
  subjectType: string,
  id: () => string,
  action: string,
  write: () => Promise<{ statusCode: number; body: string }>,
) {
  const before = (await logsOf(subjectType, id())).length;
  const res = await write();
  expect(res.statusCode, `${subjectType} ${action}: ${res.body}`).toBeLessThan(300);
  const rows = await logsOf(subjectType, id());
  expect(rows.length - before, `${subjectType} ${action}`).toBe(1);
  const row = rows.at(-1);
  expect(row).toMatchObject({ action, userId: world.admin.userId, companyId: world.company.id, subjectType, subjectId: id() });
  return readActivityChanges(row?.changes);
}

const writable = RESOURCES.filter((def) => def.permissions.create && def.createSchema);

it('walks every writable resource of the registry', () => {
  expect(writable.length).toBeGreaterThan(5);
  // A resource that may be changed or deleted but not created here would escape the walk below: only storage,
  // created by its own upload call (walked at the end).
  const changedOnly = RESOURCES.filter((def) => (def.permissions.update || def.permissions.delete) && !writable.includes(def));
  expect(changedOnly.map((def) => def.contract.name)).toEqual(['storage']);
});

describe.each(writable.map((def) => [def.contract.name, def] as const))('resource %s', (name, def) => {
  it('leaves one activity row per write path', async () => {
    const fixture = RESOURCE_FIXTURES[name] ?? {};
    if (!fixture.create) throw new Error(`${name}: a writable resource needs a create fixture`);
    const body = await fixture.create(post, 7);
    let id = '';
    const created = await expectOneRow(
      name,
      () => id,
      'create',
      async () => {
        const res = await api().post(def.path, body);
        id = res.statusCode === 201 ? (res.json() as { data: { _id: string } }).data._id : randomUUID();
        return res;
      },
    );
    expect(created.after).toMatchObject({ _id: id });
    expect(created.before).toBeUndefined();

    if (def.permissions.update && def.updateSchema && fixture.update) {
      const updated = await expectOneRow(
        name,
        () => id,
        'update',
        () => api().patch(`${def.path}/${id}`, fixture.update),
      );
      // Only what changed, before and after.
      const key = Object.keys(updated.after ?? {})[0];
      expect(key, `${name}: the update changed nothing it logged`).toBeDefined();
      expect(updated.before).toHaveProperty(key as string);
      expect(JSON.stringify(updated.before?.[key as string])).not.toBe(JSON.stringify(updated.after?.[key as string]));
      // A refused write leaves no row.
      const rows = (await logsOf(name, id)).length;
      expect((await api().patch(`${def.path}/${id}`, { notAField: 1 })).statusCode).toBe(400);
      expect(await logsOf(name, id)).toHaveLength(rows);
    }

    if (def.upsertKey) {
      const key = `act-${randomUUID()}`;
      let upsertedId = '';
      await expectOneRow(
        name,
        () => upsertedId,
        'create',
        async () => {
          const res = await api().post(`${def.path}/chekinio`, { ...(await fixture.create?.(post, 8)), [def.upsertKey as string]: key });
          upsertedId = res.statusCode < 300 ? (res.json() as { data: { _id: string } }).data._id : randomUUID();
          return res;
        },
      );
    }

    if (def.permissions.delete) {
      const removed = await expectOneRow(
        name,
        () => id,
        'delete',
        () => api().delete(`${def.path}/${id}`),
      );
      expect(removed.before).toMatchObject({ _id: id });
      // Without soft delete the delete was final: there is nothing left to restore or force delete.
      if (def.softDelete) {
        await expectOneRow(
          name,
          () => id,
          'restore',
          () => api().get(`${def.path}/${id}/restore`),
        );
        await expectOneRow(
          name,
          () => id,
          'forceDelete',
          () => api().delete(`${def.path}/${id}/force`),
        );
      }
    }
  });
});

describe('activityChanges', () => {
  it('keeps only the fields that changed, without the stamps every write changes', () => {
    const at = new Date('2026-11-25T10:00:00.000Z');
    expect(
      activityChanges(
        { name: 'Ann', phone: '1', updatedAt: at, tags: ['a'] },
        { name: 'Bea', phone: '1', updatedAt: new Date(), tags: ['a', 'b'] },
      ),
    ).toEqual({ before: { name: 'Ann', tags: ['a'] }, after: { name: 'Bea', tags: ['a', 'b'] } });
    expect(activityChanges(null, { _id: 'x', name: 'Ann', note: null, createdAt: at })).toEqual({
      after: { _id: 'x', name: 'Ann', createdAt: '2026-11-25T10:00:00.000Z' },
    });
    expect(activityChanges({ _id: 'x' }, null)).toEqual({ before: { _id: 'x' } });
  });
});

describe('storage, created by its own upload call', () => {
  it('leaves one row for the upload, the generic update and delete, and the removal', async () => {
    const def = RESOURCES.find((d) => d.contract.name === 'storage');
    if (!def) throw new Error('storage is not registered');
    let id = '';
    const uploaded = await expectOneRow(
      'storage',
      () => id,
      'create',
      async () => {
        const res = await uploadAs(ctx, world.admin, [filePart(await sampleImage('png', 8, 8), 'image/png', 'logo.png')]);
        id = res.statusCode < 300 ? (res.json() as { data: { _id: string } }).data._id : randomUUID();
        return res;
      },
    );
    expect(uploaded.after).toMatchObject({ _id: id, name: 'logo.png' });
    if (def.permissions.update) {
      const renamed = await expectOneRow(
        'storage',
        () => id,
        'update',
        () => api().patch(`${def.path}/${id}`, { name: 'brand.png' }),
      );
      expect(renamed).toMatchObject({ before: { name: 'logo.png' }, after: { name: 'brand.png' } });
    }
    await expectOneRow(
      'storage',
      () => id,
      'delete',
      () => api().delete('storage/remove', { file: id }),
    );
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as P, StorageUsageSchema, storedFileContract, type StoredFile } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createWorld, restAs, type Caller, type ResourceWorld } from '../../resources/resource-test-kit.js';
import { filePart, sampleImage, uploadAs } from './storage-test-kit.js';

// The media library's calls (docs/api.md 'Uploads'): keyword search over name and category, the category filter,
// hidden files, rename / re-categorise / hide (PATCH storage/{id}, STORAGES_VIEW), and the space used per asset.

let ctx: TestContext;
let world: ResourceWorld;
let storageDir: string;
let librarian: Caller;
let agent: Caller;
let view: StoredFile;
let logo: StoredFile;
let brochure: StoredFile;

async function upload(caller: Caller, data: Buffer, type: string, name: string, category?: string) {
  const res = await uploadAs(ctx, caller, [
    { name: 'name', value: name },
    ...(category ? [{ name: 'category', value: category }] : []),
    filePart(data, type, name),
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return storedFileContract.record.parse(res.json().data);
}

const names = (res: { json: () => { data: { name: string }[] } }) =>
  res
    .json()
    .data.map((f) => f.name)
    .sort();
const trpcQuery = (caller: Caller, procedure: string, input?: unknown) =>
  ctx.app.inject({
    method: 'GET',
    url: `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
    headers: caller.headers,
  });

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'crm-library-'));
  ctx = await createTestApp({ envOverrides: { STORAGE_DIR: storageDir } });
  world = await createWorld(ctx);
  librarian = await world.user([P.STORAGES_VIEW]);
  agent = await world.user([P.CUSTOMER_ADD]);
  view = await upload(librarian, await sampleImage('jpeg', 64, 48), 'image/jpeg', 'Marina view.jpg', 'listings');
  logo = await upload(librarian, await sampleImage('png', 32, 32), 'image/png', 'Company logo.png', 'branding');
  brochure = await upload(agent, Buffer.from('%PDF-1.7\nbrochure'), 'application/pdf', 'Tower brochure.pdf', 'listings');
});
afterAll(async () => {
  await ctx.close();
  await rm(storageDir, { recursive: true, force: true });
});

describe('search and filters', () => {
  it('finds files by keyword over name and category, and filters by category', async () => {
    const api = restAs(ctx, librarian);
    expect(names(await api.get('storage/search', {}, { keyword: 'marina' }))).toEqual(['Marina view.jpg']);
    expect(names(await api.get('storage/search', {}, { keyword: 'LISTINGS' }))).toEqual(['Marina view.jpg', 'Tower brochure.pdf']);
    expect(names(await api.get('storage', { query: { category: 'branding' } }))).toEqual(['Company logo.png']);
    expect(names(await api.get('storage/search', { query: { category: 'listings', type: 'image' } }, { keyword: 'view' }))).toEqual([
      'Marina view.jpg',
    ]);
    const categories = await api.get('storage/distinct/category');
    expect(categories.json().data).toEqual(['branding', 'listings']);
  });
});

describe('update: rename, re-categorise, hide', () => {
  it('hides a file from a grid that asks for visible files, and shows it again', async () => {
    const api = restAs(ctx, librarian);
    const hidden = await api.patch(`storage/${logo._id}`, { isHidden: true });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(storedFileContract.record.parse(hidden.json().data)).toMatchObject({ _id: logo._id, isHidden: true, name: 'Company logo.png' });
    const visible = { query: { isHidden: false } };
    expect(names(await api.get('storage', visible))).toEqual(['Marina view.jpg', 'Tower brochure.pdf']);
    expect(names(await api.get('storage/search', visible, { keyword: 'logo' }))).toEqual([]);
    // Asked for: every file, hidden ones included.
    expect(names(await api.get('storage'))).toEqual(['Company logo.png', 'Marina view.jpg', 'Tower brochure.pdf']);
    expect((await api.patch(`storage/${logo._id}`, { isHidden: false })).json().data.isHidden).toBe(false);
    expect(names(await api.get('storage', visible))).toContain('Company logo.png');
  });

  it('renames and re-categorises (an empty category clears it) through both doors', async () => {
    const api = restAs(ctx, librarian);
    const renamed = await api.patch(`storage/${view._id}`, { name: '  Marina at dusk.jpg ', category: 'hero' });
    expect(renamed.json().data).toMatchObject({ name: 'Marina at dusk.jpg', category: 'hero', file: view.file, size: view.size });
    expect(names(await api.get('storage/search', {}, { keyword: 'dusk' }))).toEqual(['Marina at dusk.jpg']);
    const viaTrpc = await ctx.app.inject({
      method: 'POST',
      url: '/trpc/storage.update',
      headers: { ...librarian.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ id: view._id, data: { category: '' } }),
    });
    expect(viaTrpc.statusCode, viaTrpc.body).toBe(200);
    expect(viaTrpc.json().result.data.data).toMatchObject({ _id: view._id, category: null, name: 'Marina at dusk.jpg' });
  });

  it('refuses a blank name, unknown fields, callers without STORAGES_VIEW and other assets', async () => {
    const api = restAs(ctx, librarian);
    expect((await api.patch(`storage/${view._id}`, { name: '' })).json()).toMatchObject({
      statusCode: 400,
      data: { name: ['Name is required.'] },
    });
    expect((await api.patch(`storage/${view._id}`, { size: 1 })).statusCode).toBe(400);
    expect((await api.patch(`storage/${view._id}`, { storageKey: '../../etc/passwd' })).statusCode).toBe(400);
    // The agent may read and upload (customer avatars) but not manage the library.
    expect((await restAs(ctx, agent).patch(`storage/${brochure._id}`, { isHidden: true })).statusCode).toBe(403);
    const other = await world.user([P.STORAGES_VIEW], { assets: [world.assetB] });
    expect((await restAs(ctx, other).patch(`storage/${view._id}`, { isHidden: true })).statusCode).toBe(404);
    expect((await ctx.db.storedFile.findUniqueOrThrow({ where: { id: view._id } })).isHidden).toBe(false);
  });
});

describe('who may upload', () => {
  it("lets a developer's editor upload a logo through the picker, and pick it, but not manage the library", async () => {
    const editor = await world.user([P.DEVELOPERS_VIEW]);
    const logoFile = await upload(editor, await sampleImage('png', 24, 24), 'image/png', 'Developer logo.png', 'logos');
    const found = await restAs(ctx, editor).get('storage/search', { query: { category: 'logos' } }, { keyword: 'developer' });
    expect(names(found)).toEqual(['Developer logo.png']);
    expect((await restAs(ctx, editor).patch(`storage/${logoFile._id}`, { isHidden: true })).statusCode).toBe(403);
    // The usage figures below count only the library's own files.
    expect((await restAs(ctx, editor).delete('storage/remove', { file: logoFile._id })).statusCode).toBe(200);
    expect(
      (await uploadAs(ctx, await world.user([P.PROJECTS_VIEW]), [filePart(await sampleImage('png', 8, 8), 'image/png')])).statusCode,
    ).toBe(403);
  });
});

describe('usage', () => {
  it("adds up the asset's live files, hidden ones included, by type; both doors answer the same", async () => {
    const api = restAs(ctx, librarian);
    const extra = await upload(librarian, await sampleImage('png', 16, 16), 'image/png', 'Soon removed.png');
    await api.patch(`storage/${logo._id}`, { isHidden: true });
    expect((await api.delete('storage/remove', { file: extra._id })).statusCode).toBe(200);
    // Asset B's files never count in asset A.
    const bUser = await world.user([P.STORAGES_VIEW], { assets: [world.assetB] });
    await upload(bUser, await sampleImage('png', 16, 16), 'image/png', 'Other asset.png');

    const res = await api.get('storage/usage');
    expect(res.statusCode, res.body).toBe(200);
    const images = view.size + logo.size;
    expect(StorageUsageSchema.parse(res.json().data)).toEqual({
      bytes: images + brochure.size,
      files: 3,
      byType: { image: { bytes: images, files: 2 }, other: { bytes: brochure.size, files: 1 } },
    });
    const viaTrpc = await trpcQuery(librarian, 'storage.usage');
    expect(viaTrpc.statusCode, viaTrpc.body).toBe(200);
    expect(viaTrpc.json().result.data).toEqual(res.json());

    const empty = await world.user([P.STORAGES_VIEW], { assets: [world.assetB] });
    expect((await restAs(ctx, empty).get('storage/usage')).json().data).toMatchObject({ files: 1 });
    expect((await restAs(ctx, agent).get('storage/usage')).statusCode).toBe(403);
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    expect(doc.paths['/api/storage/usage']?.get?.operationId).toBe('storage.usage');
    expect(doc.paths['/api/storage/files/{id}/thumbnail']?.get?.operationId).toBe('storage.thumbnail');
    expect(doc.paths['/api/storage/{id}']?.patch?.operationId).toBe('storage.update');
  });
});

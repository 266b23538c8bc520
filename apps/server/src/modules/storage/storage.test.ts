import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, MESSAGES, PERMISSIONS as P } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createWorld, restAs, type Caller, type ResourceWorld } from '../../resources/resource-test-kit.js';
import { filePart, type Part, sampleImage, uploadAs } from './storage-test-kit.js';

// POST storage/upload, GET storage/files/{id}, DELETE storage/remove (docs/api.md 'Uploads'):
// the form's type and size messages, magic bytes, per-asset folders on disk, a url an <img> can load,
// tenancy and who may remove what.

let ctx: TestContext;
let world: ResourceWorld;
let storageDir: string;
let agent: Caller;
let librarian: Caller;

// Real images (thumbnails are decoded from them); the signatures alone are refused as damaged (storage-thumbnail.test.ts).
let PNG: Buffer;
let JPEG: Buffer;
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 1)]);
const SVG = Buffer.from('<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>');
const DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....[Content_Types].xml....word/document.xml....')]);

const upload = (caller: Caller | null, parts: Part[]) => uploadAs(ctx, caller, parts);
const file = filePart;

beforeAll(async () => {
  PNG = await sampleImage('png', 40, 30);
  JPEG = await sampleImage('jpeg', 40, 30);
  storageDir = await mkdtemp(join(tmpdir(), 'crm-storage-'));
  ctx = await createTestApp({ envOverrides: { STORAGE_DIR: storageDir } });
  world = await createWorld(ctx);
  agent = await world.user([P.LEAD_ADD, P.CUSTOMER_ADD]);
  librarian = await world.user([P.STORAGES_VIEW]);
});
afterAll(async () => {
  await ctx.close();
  await rm(storageDir, { recursive: true, force: true });
});

describe('upload and serve', () => {
  it('stores an avatar per asset and serves it to an <img> by its url', async () => {
    const res = await upload(agent, [
      { name: 'name', value: 'Mary avatar' },
      { name: 'category', value: 'avatars' },
      { name: 'asset', value: world.assetA.id },
      file(PNG, 'image/png', 'mary.png'),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data as Record<string, string | number>;
    expect(data).toMatchObject({
      name: 'Mary avatar',
      category: 'avatars',
      type: 'image',
      mimeType: 'image/png',
      ext: 'png',
      size: PNG.length,
      asset: world.assetA.id,
    });
    expect(data).not.toHaveProperty('storageKey');
    expect(String(data.file)).toMatch(new RegExp(`^/api/storage/files/${data._id}\\?token=[\\w-]{32}$`));
    expect(await readFile(join(storageDir, world.assetA.id, `${data._id}.png`))).toEqual(PNG);

    // No bearer header: the url alone is enough, as for an <img>.
    const served = await ctx.app.inject({ method: 'GET', url: String(data.file) });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(PNG);
    expect(served.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff' });
    expect(String(served.headers['content-security-policy'])).toContain('sandbox');

    const path = `/api/storage/files/${data._id}`;
    expect((await ctx.app.inject({ method: 'GET', url: path, headers: agent.headers })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: `${path}?token=wrong-token` })).statusCode).toBe(404);
    const otherAsset = await world.user([P.STORAGES_VIEW], { assets: [world.assetB] });
    expect((await ctx.app.inject({ method: 'GET', url: path, headers: otherAsset.headers })).json()).toMatchObject({
      statusCode: 404,
      code: 'NOT_FOUND',
    });
  });

  it('gives a customer the avatar url as imageUrl', async () => {
    const uploaded = (await upload(agent, [file(JPEG, 'image/jpg', 'me.jpg')])).json().data as { _id: string; file: string; name: string };
    expect(uploaded.name).toBe('me.jpg');
    const created = await restAs(ctx, agent).post('customers', {
      firstName: 'Mary',
      email: 'mary@example.com',
      phoneCode: '+971',
      phone: '501234567',
      avatar: uploaded._id,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ avatar: uploaded._id, imageUrl: uploaded.file });
  });

  it('accepts SVG, and in document mode PDF, DOCX and JSON', async () => {
    expect((await upload(agent, [file(SVG, 'image/svg+xml', 'logo.svg')])).json().data).toMatchObject({ ext: 'svg', type: 'image' });
    expect((await upload(agent, [file(Buffer.from('%PDF-1.7\n...'), 'application/pdf', 'a.pdf')])).json().data).toMatchObject({
      ext: 'pdf',
      type: 'other',
    });
    const docx = await upload(agent, [file(DOCX, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'a.docx')]);
    expect(docx.json().data).toMatchObject({ ext: 'docx' });
    expect(
      (await upload(agent, [{ name: 'mode', value: 'document' }, file(Buffer.from('{"a":1}'), 'application/json', 'a.json')])).json().data,
    ).toMatchObject({ ext: 'json' });
  });
});

describe('refusals', () => {
  it("refuses a wrong type with the form's message (415)", async () => {
    const exe = await upload(agent, [file(EXE, 'application/x-msdownload', 'virus.exe'), { name: 'accept', value: 'image/*' }]);
    expect(exe.statusCode).toBe(415);
    expect(exe.json()).toEqual({
      statusCode: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: MESSAGES.upload.imageTypes,
      data: { file: [MESSAGES.upload.imageTypes] },
    });
    expect((await upload(agent, [file(Buffer.from('hello'), 'text/plain', 'a.txt')])).json().message).toBe(MESSAGES.upload.documentTypes);
    expect((await upload(agent, [{ name: 'accept', value: 'image/png' }, file(JPEG, 'image/jpeg')])).json().message).toBe(
      MESSAGES.upload.customTypes('PNG'),
    );
  });

  it('checks the bytes, not only the declared type', async () => {
    const fakePng = await upload(agent, [file(EXE, 'image/png', 'innocent.png')]);
    expect(fakePng.statusCode).toBe(415);
    expect(fakePng.json().message).toBe(MESSAGES.upload.imageTypes);
    expect((await upload(agent, [file(JPEG, 'image/png')])).statusCode).toBe(415);
    expect((await upload(agent, [file(Buffer.from('<html><script>alert(1)</script>'), 'image/svg+xml')])).statusCode).toBe(415);
    const fakePdf = await upload(agent, [file(EXE, 'application/pdf', 'a.pdf')]);
    expect(fakePdf.json()).toMatchObject({ statusCode: 415, message: MESSAGES.upload.documentTypes });
    expect((await upload(agent, [file(Buffer.from('{not json'), 'application/json')])).statusCode).toBe(415);
  });

  it('takes 10 MB and refuses one byte more (413)', async () => {
    const exact = Buffer.concat([PNG, Buffer.alloc(LIMITS.MAX_UPLOAD_BYTES - PNG.length)]);
    expect((await upload(agent, [file(exact, 'image/png')])).statusCode).toBe(201);
    const image = await upload(agent, [file(Buffer.concat([exact, Buffer.from([0])]), 'image/png')]);
    expect(image.statusCode).toBe(413);
    expect(image.json()).toEqual({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: MESSAGES.upload.imageSize,
      data: { file: [MESSAGES.upload.imageSize] },
    });
    const document = await upload(agent, [
      file(Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(LIMITS.MAX_UPLOAD_BYTES)]), 'application/pdf'),
    ]);
    expect(document.json()).toMatchObject({ statusCode: 413, message: MESSAGES.upload.documentSize });
  });

  it('refuses a missing file, unknown fields, another asset, JSON bodies and callers without permission', async () => {
    expect((await upload(agent, [{ name: 'name', value: 'x' }])).json()).toMatchObject({
      statusCode: 400,
      data: { file: ['File is required.'] },
    });
    expect((await upload(agent, [{ name: 'colour', value: 'red' }, file(PNG, 'image/png')])).json()).toMatchObject({
      statusCode: 400,
      data: { colour: ["Unknown field 'colour'."] },
    });
    expect((await upload(agent, [{ name: 'asset', value: world.assetB.id }, file(PNG, 'image/png')])).json()).toMatchObject({
      statusCode: 400,
      data: { asset: ['Asset must be the active asset.'] },
    });
    const json = await ctx.app.inject({ method: 'POST', url: '/api/storage/upload', headers: agent.headers, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect((await upload(await world.user([P.LEADS_REPORT_VIEW]), [file(PNG, 'image/png')])).statusCode).toBe(403);
    expect((await upload(null, [file(PNG, 'image/png')])).statusCode).toBe(401);
  });
});

describe('remove', () => {
  it("removes a caller's own file, ends its url and frees the disk", async () => {
    const mine = (await upload(agent, [file(PNG, 'image/png')])).json().data as { _id: string; file: string };
    const theirs = (await upload(librarian, [file(PNG, 'image/png')])).json().data as { _id: string; file: string };
    const api = restAs(ctx, agent);
    expect((await api.delete('storage/remove', { file: theirs._id })).json()).toMatchObject({ statusCode: 403 });
    const removed = await api.delete('storage/remove', { file: mine._id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toMatchObject({ _id: mine._id, deletedAt: expect.any(String) });
    expect((await ctx.app.inject({ method: 'GET', url: mine.file })).statusCode).toBe(404);
    await expect(stat(join(storageDir, world.assetA.id, `${mine._id}.png`))).rejects.toThrow();
    expect((await api.delete('storage/remove', { file: mine._id })).statusCode).toBe(404);
    const listed = (await restAs(ctx, librarian).get('storage', { limit: -1, select: ['name'] })).json().data as { _id: string }[];
    expect(listed.map((f) => f._id)).not.toContain(mine._id);
  });

  it('lets the media library remove any file of its asset, and no other asset', async () => {
    const someone = (await upload(agent, [file(PNG, 'image/png')])).json().data as { _id: string };
    const viaTrpc = await ctx.app.inject({
      method: 'POST',
      url: '/trpc/storage.remove',
      headers: { ...librarian.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ file: someone._id }),
    });
    expect(viaTrpc.statusCode, viaTrpc.body).toBe(200);
    const bFile = await ctx.db.storedFile.create({
      data: { companyId: world.company.id, assetId: world.assetB.id, name: 'b.png', storageKey: 'x/b.png', url: '/b' },
    });
    expect((await restAs(ctx, librarian).delete('storage/remove', { file: bFile.id })).statusCode).toBe(404);
  });
});

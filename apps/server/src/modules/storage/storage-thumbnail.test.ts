import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PERMISSIONS as P, storedFileContract } from '@crm/domain';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createWorld, restAs, type Caller, type ResourceWorld } from '../../resources/resource-test-kit.js';
import { filePart, sampleImage, uploadAs } from './storage-test-kit.js';

// Thumbnails made on upload (docs/api.md 'Uploads'): a small WEBP for JPG, PNG and WEBP, served by its own tokenised
// url; SVG is its own thumbnail; damaged images are refused with nothing stored; removal takes both.

let ctx: TestContext;
let world: ResourceWorld;
let storageDir: string;
let librarian: Caller;

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');

async function uploaded(parts: Parameters<typeof uploadAs>[2]) {
  const res = await uploadAs(ctx, librarian, parts);
  expect(res.statusCode, res.body).toBe(201);
  return storedFileContract.record.parse(res.json().data);
}
const assetFiles = async () => (await readdir(join(storageDir, world.assetA.id)).catch(() => [] as string[])).sort();

beforeAll(async () => {
  storageDir = await mkdtemp(join(tmpdir(), 'crm-thumbs-'));
  ctx = await createTestApp({ envOverrides: { STORAGE_DIR: storageDir } });
  world = await createWorld(ctx);
  librarian = await world.user([P.STORAGES_VIEW]);
});
afterAll(async () => {
  await ctx.close();
  await rm(storageDir, { recursive: true, force: true });
});

describe('thumbnails', () => {
  it('makes a WEBP inside 320x320 for a photo, upright and without its metadata, served by its own url', async () => {
    // 1200x800 stored sideways: EXIF orientation 6 says "turn a quarter clockwise", so it shows as 800x1200.
    const photo = await sampleImage('jpeg', 1200, 800, 6);
    const file = await uploaded([filePart(photo, 'image/jpeg', 'tower.jpg')]);
    expect(file.thumbnail).toMatch(new RegExp(`^/api/storage/files/${file._id}/thumbnail\\?token=[\\w-]{32}$`));
    expect(file.thumbnail?.split('?token=')[1]).toBe(file.file.split('?token=')[1]);

    // No bearer header: an <img> loads it by the url alone.
    const served = await ctx.app.inject({ method: 'GET', url: String(file.thumbnail) });
    expect(served.statusCode).toBe(200);
    expect(served.headers).toMatchObject({ 'content-type': 'image/webp', 'x-content-type-options': 'nosniff' });
    const meta = await sharp(served.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'webp', width: 213, height: 320 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(await stat(join(storageDir, world.assetA.id, `${file._id}.thumb.webp`))).toMatchObject({ size: served.rawPayload.length });

    const path = `/api/storage/files/${file._id}/thumbnail`;
    expect((await ctx.app.inject({ method: 'GET', url: path, headers: librarian.headers })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `${path}?token=wrong` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
  });

  it('keeps a small image at its size, and thumbnails PNG and WEBP too', async () => {
    for (const [format, type] of [
      ['png', 'image/png'],
      ['webp', 'image/webp'],
    ] as const) {
      const file = await uploaded([filePart(await sampleImage(format, 40, 30), type)]);
      const served = await ctx.app.inject({ method: 'GET', url: String(file.thumbnail) });
      const meta = await sharp(served.rawPayload).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: 'webp', width: 40, height: 30 });
    }
  });

  it('never rasterises an SVG: its thumbnail is the file itself, under the sandboxing CSP', async () => {
    const file = await uploaded([filePart(SVG, 'image/svg+xml', 'logo.svg')]);
    expect(file.thumbnail).toBe(file.file);
    const served = await ctx.app.inject({ method: 'GET', url: String(file.thumbnail) });
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(String(served.headers['content-security-policy'])).toContain('sandbox');
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/storage/files/${file._id}/thumbnail`, headers: librarian.headers })).statusCode,
    ).toBe(404);
    expect(await assetFiles()).not.toContain(`${file._id}.thumb.webp`);
  });

  it('gives documents no thumbnail', async () => {
    const pdf = await uploaded([filePart(Buffer.from('%PDF-1.7\n...'), 'application/pdf', 'brochure.pdf')]);
    expect(pdf.thumbnail).toBeNull();
  });

  it('refuses a damaged image with a 400 and stores nothing', async () => {
    const before = await assetFiles();
    const rows = await ctx.db.storedFile.count();
    const png = await sampleImage('png', 200, 200);
    const jpeg = await sampleImage('jpeg', 200, 200);
    for (const [bytes, type] of [
      [png.subarray(0, png.length - 40), 'image/png'],
      [jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'image/jpeg'],
      // The signature alone: it passes the magic-byte check, but is no image.
      [Buffer.concat([png.subarray(0, 8), Buffer.from('IHDR fake image body')]), 'image/png'],
    ] as const) {
      const res = await uploadAs(ctx, librarian, [filePart(bytes, type, 'broken')]);
      expect(res.json()).toEqual({
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: MESSAGES.upload.corruptImage,
        data: { file: [MESSAGES.upload.corruptImage] },
      });
    }
    expect(await assetFiles()).toEqual(before);
    expect(await ctx.db.storedFile.count()).toBe(rows);
  });

  it('removes the thumbnail with the file', async () => {
    const file = await uploaded([filePart(await sampleImage('png', 500, 500), 'image/png', 'gone.png')]);
    expect(await assetFiles()).toEqual(expect.arrayContaining([`${file._id}.png`, `${file._id}.thumb.webp`]));
    const removed = await restAs(ctx, librarian).delete('storage/remove', { file: file._id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await assetFiles()).filter((name) => name.startsWith(file._id))).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: String(file.thumbnail) })).statusCode).toBe(404);
  });
});

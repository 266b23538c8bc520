import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS as P, storedFileContract } from '@crm/domain';
import { startFakeS3, type FakeS3 } from '../../../test/fake-s3.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { createWorld, type Caller } from '../../resources/resource-test-kit.js';
import { parseEnv } from '../../env.js';
import { storageBackendFor } from './storage-backend.js';
import { createS3Storage } from './storage-s3.js';
import { filePart, sampleImage, uploadAs } from './storage-test-kit.js';
import { buildWorker } from '../../worker-app.js';
import { insertLeads, parseCsv, createLeadWorld } from '../leads/testing.js';

// Files on an S3-compatible store (S3_BUCKET set): the backend's contract against a local S3 server started here,
// and uploads, thumbnails, downloads and removal through the API with nothing written to STORAGE_DIR.

let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(async () => s3?.close());

const config = () => ({
  bucket: s3.bucket,
  endpoint: s3.endpoint,
  region: 'us-east-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
});

describe('S3 storage backend', () => {
  it('stores, reads, replaces and removes bytes; a missing key reads as null', async () => {
    const backend = createS3Storage(config());
    await backend.put('asset-1/a.txt', Buffer.from('first'), 'text/plain');
    await backend.put('asset-1/a.txt', Buffer.from('second'), 'text/plain');
    const stream = await backend.open('asset-1/a.txt');
    expect(stream && (await text(stream))).toBe('second');
    await backend.remove('asset-1/a.txt');
    await backend.remove('asset-1/a.txt');
    expect(await backend.open('asset-1/a.txt')).toBeNull();
  });

  it('streams a file larger than one part and answers its size', async () => {
    const backend = createS3Storage(config());
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    const chunks = Array.from({ length: 7 }, () => chunk);
    const written = await backend.putStream('asset-1/export.csv', Readable.from(chunks), 'text/csv');
    expect(written).toBe(7 * chunk.length);
    const stream = await backend.open('asset-1/export.csv');
    expect((await text(stream ?? Readable.from([]))).length).toBe(7 * chunk.length);
  });

  it('leaves nothing behind when the stream fails', async () => {
    const backend = createS3Storage(config());
    async function* failing() {
      yield Buffer.alloc(64 * 1024, 'y');
      throw new Error('source broke');
    }
    await expect(backend.putStream('asset-1/broken.csv', Readable.from(failing()), 'text/csv')).rejects.toThrow();
    expect(await backend.open('asset-1/broken.csv')).toBeNull();
  });

  it('is chosen by S3_BUCKET, the disk otherwise', () => {
    const onDisk = parseEnv({ STORAGE_DIR: '/tmp/crm-disk' });
    const onS3 = parseEnv({ ...s3.env, STORAGE_DIR: '/tmp/crm-disk' });
    expect(storageBackendFor(onS3)).not.toBe(storageBackendFor(onDisk));
    expect(storageBackendFor(onS3)).toBe(storageBackendFor(parseEnv(s3.env)));
  });

  it('refuses one S3 key without the other, and a bucket name S3 would refuse', () => {
    expect(() => parseEnv({ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'key' })).toThrow(/set together/);
    expect(() => parseEnv({ S3_BUCKET: 'Files_1' })).toThrow(/S3_BUCKET/);
  });
});

describe('uploads on S3', () => {
  let ctx: TestContext;
  let storageDir: string;
  let librarian: Caller;

  beforeAll(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'crm-s3-disk-'));
    ctx = await createTestApp({ envOverrides: { ...s3.env, STORAGE_DIR: storageDir } });
    librarian = await (await createWorld(ctx)).user([P.STORAGES_VIEW]);
  });
  afterAll(async () => {
    await ctx?.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  it('keeps the original and its thumbnail in the bucket, serves both, and removes both', async () => {
    const image = await sampleImage('png', 800, 600);
    const res = await uploadAs(ctx, librarian, [filePart(image, 'image/png', 'Marina.png')]);
    expect(res.statusCode, res.body).toBe(201);
    const file = storedFileContract.record.parse(res.json().data);
    expect(await readdir(storageDir)).toEqual([]);

    const original = await ctx.app.inject({ method: 'GET', url: file.file });
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(image)).toBe(true);
    const thumbnail = await ctx.app.inject({ method: 'GET', url: String(file.thumbnail) });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');

    const row = await ctx.db.storedFile.findUniqueOrThrow({ where: { id: file._id } });
    const bucketDir = join(s3.folder, s3.bucket);
    expect(existsSync(bucketDir)).toBe(true);
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/storage/remove?file=${file._id}`, headers: librarian.headers });
    expect(removed.statusCode, removed.body).toBe(200);
    const backend = storageBackendFor(ctx.env);
    expect(await backend.open(row.storageKey)).toBeNull();
    expect(await backend.open(row.thumbnailKey ?? '')).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: file.file })).statusCode).toBe(404);
  });
});

describe('exports on S3', () => {
  it('serves through the API an export a worker process wrote, each with a storage folder of its own', async () => {
    const apiDir = await mkdtemp(join(tmpdir(), 'crm-s3-api-'));
    const workerDir = await mkdtemp(join(tmpdir(), 'crm-s3-worker-'));
    const api = await createTestApp({ envOverrides: { ...s3.env, STORAGE_DIR: apiDir } });
    const worker = await buildWorker({ env: { ...api.env, STORAGE_DIR: workerDir }, logger: false });
    try {
      await worker.ready();
      const world = await createLeadWorld(api);
      await insertLeads(api, world, 50);
      const headers = await world.manager.headers();
      const queued = await api.app.inject({
        method: 'POST',
        url: '/api/properties/leads/export-jobs',
        headers,
        payload: { format: 'csv' },
      });
      expect(queued.statusCode, queued.body).toBe(202);
      const id = queued.json().data._id as string;
      let job = queued.json().data as { status: string };
      for (let i = 0; i < 150 && job.status !== 'completed' && job.status !== 'failed'; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        job = (await api.app.inject({ method: 'GET', url: `/api/properties/leads/export-jobs/${id}`, headers })).json().data;
      }
      expect(job).toMatchObject({ status: 'completed', total: 50 });
      const download = await api.app.inject({ method: 'GET', url: `/api/properties/leads/export-jobs/${id}/download`, headers });
      expect(download.statusCode, download.body).toBe(200);
      expect(parseCsv(download.body)).toHaveLength(51);
      expect([...(await readdir(apiDir)), ...(await readdir(workerDir))]).toEqual([]);
    } finally {
      await worker.close();
      await api.close();
      await rm(apiDir, { recursive: true, force: true });
      await rm(workerDir, { recursive: true, force: true });
    }
  }, 60_000);
});

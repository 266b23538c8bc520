import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

// A local S3-compatible server (s3rver, files in a temporary folder) that a test starts and stops, so the S3
// storage backend is tested against real S3 HTTP calls without a cloud account or a MinIO binary.

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  /** The environment that points the server at it (env.ts 'S3_*'). */
  env: Record<string, string>;
  /** The folder s3rver keeps the buckets in (tests check where the bytes went). */
  folder: string;
  close: () => Promise<void>;
}

// s3rver accepts any signature made with these (its documented default credentials).
const ACCESS_KEY = 'S3RVER';

export async function startFakeS3(bucket = 'crm-test-files'): Promise<FakeS3> {
  const folder = await mkdtemp(path.join(tmpdir(), 'crm-fake-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: folder,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    folder,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Env } from '../../env.js';
import { createS3Storage } from './storage-s3.js';

// Where uploaded bytes, their thumbnails and exports live: on local disk (the default) or on an S3-compatible
// object store when S3_BUCKET is set (storage-s3.ts), which several API and worker processes share. The services
// only know this interface. Keys are made by the server ('<assetId>/<fileId>.<ext>'), never taken from a request.

export interface StorageBackend {
  /** Stores the bytes under `key`, replacing any previous ones. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /**
   * Stores a stream under `key` (generated files of any size: exports), replacing any previous bytes only once
   * the stream has ended; a failed stream leaves nothing behind. Answers the bytes written.
   */
  putStream(key: string, stream: Readable, contentType: string): Promise<number>;
  /** The bytes under `key`, or null when there are none. */
  open(key: string): Promise<Readable | null>;
  /** Removes the bytes under `key`; a missing key is not an error. */
  remove(key: string): Promise<void>;
}

/** Files on local disk under `root`, one folder per asset. */
export function createDiskStorage(root: string): StorageBackend {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    // Defence in depth: keys are server-made, but a key must never reach outside the storage folder.
    if (!path.startsWith(base + sep)) throw new Error(`Storage key outside the storage folder: ${key}`);
    return path;
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written beside, then renamed: a reader never sees half a file.
      const temporary = `${path}.${randomBytes(6).toString('hex')}.part`;
      await writeFile(temporary, bytes);
      await rename(temporary, path);
    },
    async putStream(key, stream) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temporary = `${path}.${randomBytes(6).toString('hex')}.part`;
      const file = createWriteStream(temporary);
      try {
        await pipeline(stream, file);
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      return file.bytesWritten;
    },
    async open(key) {
      const path = pathOf(key);
      try {
        if (!(await stat(path)).isFile()) return null;
      } catch {
        return null;
      }
      return createReadStream(path);
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

type StorageEnv = Pick<
  Env,
  'STORAGE_DIR' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
>;

const backends = new Map<string, StorageBackend>();

/** The configured backend (one per folder or bucket, shared by both doors and the workers). */
export function storageBackendFor(env: StorageEnv): StorageBackend {
  const s3 = env.S3_BUCKET
    ? {
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
      }
    : null;
  const id = s3 ? `s3:${s3.endpoint ?? s3.region}/${s3.bucket}` : `disk:${resolve(env.STORAGE_DIR)}`;
  let backend = backends.get(id);
  if (!backend) {
    backend = s3 ? createS3Storage(s3) : createDiskStorage(env.STORAGE_DIR);
    backends.set(id, backend);
  }
  return backend;
}

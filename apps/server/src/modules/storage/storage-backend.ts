import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

// Where uploaded bytes live. The service only knows this interface, so an S3 (or other object store) backend
// can replace the disk one without touching uploads, serving or removal. Keys are made by the server
// ('<assetId>/<fileId>.<ext>'), never taken from a request.

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

const backends = new Map<string, StorageBackend>();

/** The backend for the configured STORAGE_DIR (one per folder, shared by both doors). */
export function storageBackendFor(env: { STORAGE_DIR: string }): StorageBackend {
  const root = resolve(env.STORAGE_DIR);
  let backend = backends.get(root);
  if (!backend) {
    backend = createDiskStorage(root);
    backends.set(root, backend);
  }
  return backend;
}

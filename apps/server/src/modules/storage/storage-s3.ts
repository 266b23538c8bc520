import type { S3Client } from '@aws-sdk/client-s3';
import { Readable, Transform } from 'node:stream';
import type { StorageBackend } from './storage-backend.js';

// Files on an S3-compatible object store (AWS S3, MinIO, Ceph, R2...) when S3_BUCKET is set, so every API and
// worker process reads and writes the same files (docs/scaling.md). Keys are the disk backend's
// ('<assetId>/<fileId>.<ext>'), under an optional prefix. The AWS SDK (~10 MB of heap) is loaded on the first
// call, so a server storing on disk never holds it (docs/scaling.md 'Memory').

export interface S3StorageConfig {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
  /** Prepended to every key ('crm/'); none by default. */
  keyPrefix?: string;
}

/** Parts of a streamed upload (exports): S3's smallest multipart part, so memory stays ~2 parts whatever the file. */
const PART_BYTES = 5 * 1024 * 1024;

type S3Sdk = typeof import('@aws-sdk/client-s3') & typeof import('@aws-sdk/lib-storage');
let sdkLoading: Promise<S3Sdk> | undefined;
const loadSdk = () =>
  (sdkLoading ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([s3, storage]) => ({
    ...s3,
    ...storage,
  })));

function isMissing(sdk: S3Sdk, error: unknown): boolean {
  if (error instanceof sdk.NoSuchKey) return true;
  return error instanceof sdk.S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);
}

export async function createS3Client(config: S3StorageConfig): Promise<S3Client> {
  const { S3Client } = await loadSdk();
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.accessKeyId && config.secretAccessKey
      ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
      : {}),
    // The SDK's default since 2025 adds CRC32 trailers in aws-chunked bodies, which many S3-compatible stores
    // (older MinIO, Ceph, test servers) store as part of the object. Checksums only where S3 requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export function createS3Storage(config: S3StorageConfig): StorageBackend {
  const Bucket = config.bucket;
  let connecting: Promise<{ sdk: S3Sdk; client: S3Client }> | undefined;
  const connect = () => (connecting ??= Promise.all([loadSdk(), createS3Client(config)]).then(([sdk, client]) => ({ sdk, client })));
  const keyOf = (key: string) => `${config.keyPrefix ?? ''}${key}`;
  return {
    async put(key, bytes, contentType) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({ Bucket, Key: keyOf(key), Body: bytes, ContentType: contentType, ContentLength: bytes.length }),
      );
    },
    async putStream(key, stream, contentType) {
      // S3 writes an object whole or not at all: a failed stream aborts the multipart upload, leaving nothing.
      const { sdk, client } = await connect();
      let bytes = 0;
      const counted = stream.pipe(
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            bytes += chunk.length;
            done(null, chunk);
          },
        }),
      );
      stream.once('error', (error) => counted.destroy(error));
      const upload = new sdk.Upload({
        client,
        params: { Bucket, Key: keyOf(key), Body: counted, ContentType: contentType },
        partSize: PART_BYTES,
        queueSize: 1,
        leavePartsOnError: false,
      });
      await upload.done();
      return bytes;
    },
    async open(key) {
      const { sdk, client } = await connect();
      try {
        const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: keyOf(key) }));
        // In Node the body is the HTTP response itself: streamed to the caller, never held whole.
        return answer.Body instanceof Readable ? answer.Body : null;
      } catch (error) {
        if (isMissing(sdk, error)) return null;
        throw error;
      }
    },
    async remove(key) {
      // S3 answers 204 for a key that is not there: removing twice is not an error, as on disk.
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
  };
}

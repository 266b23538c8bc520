import sharp from 'sharp';
import type { TestContext } from '../../../test/test-app.js';
import type { Caller } from '../../resources/resource-test-kit.js';

// Test-only helpers of the storage tests (imported by *.test.ts files): multipart uploads as a caller, and real
// images made on the fly.

export type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

export function multipart(parts: Part[]) {
  const boundary = `----crm${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const file = 'filename' in part ? `; filename="${part.filename}"\r\nContent-Type: ${part.type}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${file}\r\n\r\n`));
    chunks.push('data' in part ? part.data : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST /api/storage/upload as `caller` (null: without a bearer token). */
export function uploadAs(ctx: TestContext, caller: Caller | null, parts: Part[]) {
  const body = multipart(parts);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/storage/upload',
    headers: { ...(caller?.headers ?? {}), 'content-type': body.contentType },
    payload: body.payload,
  });
}

export const filePart = (data: Buffer, type: string, filename = 'upload.bin'): Part => ({ name: 'file', filename, type, data });

/** A real image of one colour, `width` x `height`; `orientation` writes an EXIF orientation tag (JPEG). */
export function sampleImage(format: 'png' | 'jpeg' | 'webp', width: number, height: number, orientation?: number): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 200 } } });
  const encoded = format === 'png' ? image.png() : format === 'jpeg' ? image.jpeg() : image.webp();
  return (orientation ? encoded.withMetadata({ orientation }) : encoded).toBuffer();
}

import { Readable } from 'node:stream';
import { z } from 'zod';

// A 200 whose body is a file, not JSON (exports, stored files, a finished export job's download): documented per
// content type. The handler sends a stream, which Fastify never passes to the serializer.

/** The stream the handler sends; documented as the bytes it carries. */
const FileBytesSchema = z
  .custom<Readable>((value) => value instanceof Readable, 'A file is sent as a stream.')
  .meta({ type: 'string', format: 'binary', description: 'The file’s bytes' });

export const FILE_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  any: 'application/octet-stream',
  eventStream: 'text/event-stream',
} as const;

export function fileResponse(description: string, contentTypes: readonly string[]) {
  return { description, content: Object.fromEntries(contentTypes.map((type) => [type, { schema: FileBytesSchema }])) };
}

/** CSV or XLSX, as `format` asks. */
export const EXPORT_FILE_RESPONSE = fileResponse('The export file (CSV, UTF-8 with BOM, or XLSX)', [FILE_TYPES.csv, FILE_TYPES.xlsx]);

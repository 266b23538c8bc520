import { z } from 'zod';
import { MESSAGES } from '../messages/messages.js';
import { STORED_FILE_TYPES } from './stored-file.contract.js';

// GET storage/usage (docs/api.md 'Uploads'): the space the asset's live files take, hidden ones included.

const Count = z.number().int().nonnegative();
export const TypeUsageSchema = z.object({ bytes: Count, files: Count });

export const StorageUsageSchema = z.object({
  /** Bytes of the uploaded files (their thumbnails, a few KB each, are not counted). */
  bytes: Count,
  files: Count,
  /** Every stored file type, with zeros when the asset has none of it. */
  byType: z.record(z.enum(STORED_FILE_TYPES), TypeUsageSchema),
});
export type StorageUsage = z.infer<typeof StorageUsageSchema>;

const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/** 512 -> '512 B', 13_002_342 -> '12.4 MB' (binary units, like the 10 MB upload limit). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${Math.max(0, Math.round(bytes))} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value >= 100 ? Math.round(value).toString() : value.toFixed(1).replace(/\.0$/, '');
  return `${rounded} ${UNITS[unit]}`;
}

/** '12.4 MB in 38 files'. */
export function describeUsage(usage: Pick<StorageUsage, 'bytes' | 'files'>): string {
  return MESSAGES.storage.usage(formatBytes(usage.bytes), usage.files);
}

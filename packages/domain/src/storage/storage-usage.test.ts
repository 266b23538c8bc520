import { describe, expect, it } from 'vitest';
import { describeUsage, formatBytes, StorageUsageSchema } from './storage-usage.js';
import { storedFileContract } from './stored-file.contract.js';

describe('formatBytes', () => {
  it('reads bytes, then binary kilo-, mega- and gigabytes with one decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(13_002_342)).toBe('12.4 MB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes(250 * 1024 * 1024)).toBe('250 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB');
  });
});

describe('describeUsage', () => {
  it("reads '12.4 MB in 38 files', and one file in the singular", () => {
    expect(describeUsage({ bytes: 13_002_342, files: 38 })).toBe('12.4 MB in 38 files');
    expect(describeUsage({ bytes: 0, files: 0 })).toBe('0 B in 0 files');
    expect(describeUsage({ bytes: 2048, files: 1 })).toBe('2 KB in 1 file');
  });
});

describe('StorageUsageSchema', () => {
  it('needs every file type in byType', () => {
    const typeUsage = { bytes: 1, files: 1 };
    expect(StorageUsageSchema.safeParse({ bytes: 2, files: 2, byType: { image: typeUsage, other: typeUsage } }).success).toBe(true);
    expect(StorageUsageSchema.safeParse({ bytes: 1, files: 1, byType: { image: typeUsage } }).success).toBe(false);
  });
});

describe('the stored file update body', () => {
  const update = storedFileContract.update;
  it('renames (trimmed), re-categorises, clears the category and hides', () => {
    expect(update.parse({ name: '  Marina view  ' })).toEqual({ name: 'Marina view' });
    expect(update.parse({ category: 'logos', isHidden: true })).toEqual({ category: 'logos', isHidden: true });
    expect(update.parse({ category: '' })).toEqual({ category: null });
    expect(update.parse({ category: null })).toEqual({ category: null });
    expect(update.parse({})).toEqual({});
  });
  it('refuses an empty name, unknown fields and a non-boolean hidden flag', () => {
    expect(update.safeParse({ name: '' }).error?.issues[0]?.message).toBe('Name is required.');
    expect(update.safeParse({ name: '   ' }).success).toBe(false);
    expect(update.safeParse({ size: 1 }).success).toBe(false);
    expect(update.safeParse({ isHidden: 'yes' }).error?.issues[0]?.message).toBe('Hidden must be true or false.');
  });
});

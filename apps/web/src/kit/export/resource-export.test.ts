import { describe, expect, it } from 'vitest';
import {
  countNewlines,
  exportFileName,
  exportPercent,
  exportUrl,
  ExportError,
  fetchExport,
  formatBytes,
  type ExportProgress,
} from './resource-export';

const FILTER = { query: { status: { $in: ['Closed'] } }, sort: { dataSourceCreatedAt: -1 as const } };

function streamOf(parts: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      controller.close();
    },
  });
}

describe('a list export', () => {
  it('asks for every matching row of the filter, without paging', () => {
    const url = new URL(exportUrl('properties/leads', FILTER, 'xlsx'), 'http://x');
    expect(url.pathname).toBe('/api/properties/leads/export');
    expect(url.searchParams.get('format')).toBe('xlsx');
    expect(JSON.parse(url.searchParams.get('filter') ?? '')).toEqual(FILTER);
    // The screen's columns travel as `select`, so the file holds what the list shows.
    const shown = new URL(exportUrl('customers', { ...FILTER, select: ['fullName', 'createdAt'] }, 'csv'), 'http://x');
    expect(JSON.parse(shown.searchParams.get('filter') ?? '')).toEqual({ ...FILTER, select: ['fullName', 'createdAt'] });
  });

  it("uses the server's file name, else a dated one", () => {
    expect(exportFileName('attachment; filename="properties-leads-20260301.csv"', 'csv', 'leads')).toBe('properties-leads-20260301.csv');
    expect(exportFileName(null, 'xlsx', 'customers', new Date('2026-03-01T10:00:00Z'))).toBe('customers-2026-03-01.xlsx');
    expect(exportFileName('attachment; filename="../../x.csv"', 'csv', 'leads')).toBe('.._.._x.csv');
  });

  it('measures progress by length, else by CSV rows, never 100 before the end', () => {
    expect(exportPercent({ receivedBytes: 50, contentLength: 200, linesSeen: 0, expectedRows: null, format: 'xlsx' })).toBe(25);
    expect(exportPercent({ receivedBytes: 500, contentLength: 200, linesSeen: 0, expectedRows: null, format: 'xlsx' })).toBe(99);
    expect(exportPercent({ receivedBytes: 10, contentLength: null, linesSeen: 6, expectedRows: 9, format: 'csv' })).toBe(60);
    expect(exportPercent({ receivedBytes: 10, contentLength: null, linesSeen: 6, expectedRows: null, format: 'csv' })).toBeNull();
    expect(exportPercent({ receivedBytes: 10, contentLength: null, linesSeen: 6, expectedRows: 9, format: 'xlsx' })).toBeNull();
    expect(countNewlines(new TextEncoder().encode('a\nb\r\nc\n'))).toBe(3);
    expect(formatBytes(2048)).toBe('2.0 KB');
  });

  it('streams the file with progress and the bearer headers', async () => {
    const seen: { url: string; headers: unknown }[] = [];
    const progress: ExportProgress[] = [];
    const fetchImpl = (async (url: string, init?: RequestInit) => {
      seen.push({ url, headers: init?.headers });
      return new Response(streamOf(['Created At,Lead ID\n', 'x,L-1\n', 'y,L-2\n']), {
        status: 200,
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="leads.csv"' },
      });
    }) as typeof fetch;
    const { blob, fileName } = await fetchExport({
      path: 'properties/leads',
      baseName: 'leads',
      filter: FILTER,
      format: 'csv',
      headers: { Authorization: 'Bearer t' },
      expectedRows: 2,
      fetchImpl,
      onProgress: (p) => progress.push(p),
    });
    expect(fileName).toBe('leads.csv');
    expect(seen[0]?.url.startsWith('/api/properties/leads/export?')).toBe(true);
    expect(await blob.text()).toBe('Created At,Lead ID\nx,L-1\ny,L-2\n');
    expect(seen[0]?.headers).toEqual({ Authorization: 'Bearer t' });
    expect(progress.map((p) => p.percent)).toEqual([33, 66, 99, 100]);
    expect(progress.at(-1)?.receivedBytes).toBe(31);
  });

  it("rejects with the server's message: 'Data is empty' for no rows", async () => {
    const fetchImpl = (async () =>
      new Response(JSON.stringify({ statusCode: 404, code: 'NOT_FOUND', message: 'Data is empty' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      })) as typeof fetch;
    const failure = fetchExport({
      path: 'customers',
      baseName: 'customers',
      filter: FILTER,
      format: 'csv',
      headers: {},
      expectedRows: 0,
      fetchImpl,
    });
    await expect(failure).rejects.toBeInstanceOf(ExportError);
    await expect(failure).rejects.toMatchObject({ message: 'Data is empty', statusCode: 404 });
  });

  it('reports a network failure as the interruption', async () => {
    const fetchImpl = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(
      fetchExport({ path: 'customers', baseName: 'customers', filter: FILTER, format: 'csv', headers: {}, expectedRows: 0, fetchImpl }),
    ).rejects.toMatchObject({
      statusCode: 0,
    });
  });
});

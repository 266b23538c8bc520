import type { TestContext } from '../../../test/test-app.js';
import type { Caller } from '../../resources/resource-test-kit.js';
import { multipart } from '../storage/testing.js';
import { runImport } from './import-run.js';

// Test-only helpers of the import tests (imported by *.test.ts files): the import calls as one caller, with a file
// made from rows of cells.

export const csvOf = (rows: readonly (readonly (string | number)[])[]) =>
  Buffer.from(
    rows
      .map((row) => row.map((cell) => (/[",\n]/.test(String(cell)) ? `"${String(cell).replace(/"/g, '""')}"` : cell)).join(','))
      .join('\n'),
  );

export function importAs(ctx: TestContext, caller: Caller, path: string) {
  const send = (url: string, file: { name: string; data: Buffer }, mapping?: Record<string, string | null>) => {
    const body = multipart([
      { name: 'file', filename: file.name, type: 'application/octet-stream', data: file.data },
      ...(mapping ? [{ name: 'mapping', value: JSON.stringify(mapping) }] : []),
    ]);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/${path}/import${url}`,
      headers: { ...caller.headers, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  return {
    preview: (file: { name: string; data: Buffer }) => send('/preview', file),
    dryRun: (file: { name: string; data: Buffer }, mapping?: Record<string, string | null>) => send('/dry-run', file, mapping),
    start: (file: { name: string; data: Buffer }, mapping?: Record<string, string | null>) => send('', file, mapping),
    status: (id: string) => ctx.app.inject({ method: 'GET', url: `/api/${path}/import/${id}`, headers: caller.headers }),
    template: (format: 'csv' | 'xlsx') =>
      ctx.app.inject({ method: 'GET', url: `/api/${path}/import/template?format=${format}`, headers: caller.headers }),
    /** Queues the file, runs the job as a worker would, and answers the finished run's status. */
    async run(file: { name: string; data: Buffer }, mapping?: Record<string, string | null>) {
      const queued = await send('', file, mapping);
      if (queued.statusCode !== 202) throw new Error(`import refused: ${queued.statusCode} ${queued.body}`);
      const id: string = queued.json().data._id;
      await runImport(ctx.app.deps, id, { attempt: 1, attempts: 3 });
      const status = await ctx.app.inject({ method: 'GET', url: `/api/${path}/import/${id}`, headers: caller.headers });
      return status.json().data;
    },
  };
}

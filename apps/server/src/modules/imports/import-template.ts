import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { ImportFormat, ImportKind } from '@crm/domain';
import { CONTENT_TYPES, type ExportFile } from '../../resources/resource-export.js';
import { xlsxStream } from '../../resources/resource-xlsx.js';
import { IMPORT_TARGETS } from './import-targets.js';

// The file to fill in for an import: one header row of the kind's columns, by the labels the screens show (the
// suggested mapping matches them back), written by the same CSV (UTF-8 with BOM) and XLSX writers as the exports.

async function* noRows() {}

export function importTemplate(kind: ImportKind, format: ImportFormat, onError: (error: unknown) => void): ExportFile {
  const target = IMPORT_TARGETS[kind];
  const headers = target.columns.map((column) => column.label);
  const baseName = `${target.spec.contract.label.many.replace(/\s+/g, '-')}-import-template`;
  const stream =
    format === 'xlsx'
      ? xlsxStream(target.spec.contract.label.many, headers, noRows(), onError)
      : Readable.from([`\uFEFF${stringify([headers])}`]);
  return { stream, fileName: `${baseName}.${format}`, contentType: CONTENT_TYPES[format] };
}

import { readFileSync, writeFileSync } from 'node:fs';
import type { ResourceSpec } from './templates.js';

// The shared lists a new resource joins (docs/architecture.md 'Adding a resource'). Each edit adds an import at the
// top and one entry at the end of a named list; it fails loudly if the list is not where it is expected, rather
// than writing half a resource.

export interface ListEdit {
  file: string;
  importLine: string;
  /** Where the list opens; the entry goes before the list's closing line. */
  opens: RegExp;
  closes: string;
  entry: string;
}

export function centralEdits(spec: ResourceSpec): ListEdit[] {
  const n = spec.names;
  const module = `../modules/${n.pluralKebab}`;
  return [
    {
      file: 'apps/server/src/modules/register.ts',
      importLine: `import { ${n.pluralCamel}Module } from './${n.pluralKebab}/index.js';`,
      opens: /export const MODULES: readonly ServerModule\[\] = \[\n/,
      closes: '\n];',
      entry: `  ${n.pluralCamel}Module,`,
    },
    {
      file: 'apps/server/src/trpc/app-router.ts',
      importLine: `import { ${n.pluralCamel}Router } from '${module}/index.js';`,
      opens: /export const appRouter = router\(\{\n/,
      closes: '\n});',
      entry: `  ${n.pluralCamel}: ${n.pluralCamel}Router,`,
    },
    {
      file: 'apps/server/src/resources/resource-fixtures.ts',
      importLine: `import { ${n.camel}Fixture } from '${module}/${n.kebab}.fixture.js';`,
      opens: /export const RESOURCE_FIXTURES\b[^\n]* = \{\n/,
      closes: '\n};',
      entry: `  ${n.pluralCamel}: ${n.camel}Fixture,`,
    },
    {
      file: 'apps/web/src/app/resource-forms.ts',
      importLine: `import { ${n.camel}Form } from '../features/${n.pluralKebab}/${n.kebab}-form';`,
      opens: /export const RESOURCE_FORMS\b[^\n]* = \[\n/,
      closes: '\n];',
      entry: `  ${n.camel}Form,`,
    },
    {
      file: 'apps/web/src/app/route-pages.tsx',
      importLine: `import { ${n.pluralPascal}Page } from '../features/${n.pluralKebab}/${n.pluralPascal}Page';`,
      opens: /const PAGES\b[^\n]* = \{\n/,
      closes: '\n};',
      entry: `  '${spec.menu.path}': () => <${n.pluralPascal}Page />,`,
    },
  ];
}

/** The file's text with the import after its last import and the entry closing the list. */
export function applyEdit(text: string, edit: ListEdit): string {
  const opening = edit.opens.exec(text);
  if (!opening) throw new Error(`${edit.file}: the list ${edit.opens} was not found`);
  const listStart = opening.index + opening[0].length;
  const listEnd = text.indexOf(edit.closes, listStart - 1);
  if (listEnd < 0) throw new Error(`${edit.file}: the list ${edit.opens} does not close with ${JSON.stringify(edit.closes)}`);
  const withEntry = `${text.slice(0, listEnd)}\n${edit.entry}${text.slice(listEnd)}`;
  const imports = [...withEntry.matchAll(/^import [^;]+;$/gms)];
  const last = imports.at(-1);
  const at = last ? (last.index ?? 0) + last[0].length : 0;
  return `${withEntry.slice(0, at)}\n${edit.importLine}${withEntry.slice(at)}`;
}

export function applyEdits(root: string, edits: readonly ListEdit[]): void {
  // Read and check every file first: a list that moved stops the scaffold before it writes anything.
  const next = edits.map((edit) => {
    const path = `${root}/${edit.file}`;
    return { path, text: applyEdit(readFileSync(path, 'utf8'), edit) };
  });
  for (const { path, text } of next) writeFileSync(path, text);
}

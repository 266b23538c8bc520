import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { flattenMenu, MENU, PERMISSIONS } from '@crm/domain';
import { applyEdits, centralEdits } from './central-edits.js';
import { hasPage } from './menu-leaf.js';
import { namesOf } from './names.js';
import { generatedFiles, prismaModel, type ResourceSpec } from './templates.js';

// npm run resource:new -- <name> --menu <menu key> [--plural <name>]
// Writes a new asset-scoped resource with a name field behind an existing menu leaf (docs/architecture.md 'Adding a
// resource'): contract, table and migration, server resource, module, router, fixture and test, and the list page
// with its drawer form; then joins the shared lists. It typechecks and passes its tests before any hand edit.

const root = path.resolve(import.meta.dirname, '../..');
const fail = (message: string): never => {
  console.error(`resource:new: ${message}`);
  process.exit(2);
};

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { menu: { type: 'string' }, plural: { type: 'string' } },
});
const [name] = positionals;
const menuKey = values.menu;
if (!name || !menuKey) fail('usage: npm run resource:new -- <name> --menu <menu key> [--plural <name>]');

function specOf(kebab: string, menuKey: string, plural: string | undefined): ResourceSpec {
  const names = namesOf(kebab, plural);
  const leaf = flattenMenu(MENU).find((item) => item.key === menuKey);
  if (!leaf?.path || leaf.children) return fail(`"${menuKey}" is not a menu leaf with a path`);
  if (leaf.permissions.length === 0) return fail(`the menu leaf "${menuKey}" names no permission to guard the resource with`);
  if (hasPage(root, leaf.path)) fail(`${leaf.path} already has a page`);
  const permissionKeys = leaf.permissions.map(
    (code) => Object.entries(PERMISSIONS).find(([, value]) => value === code)?.[0] ?? fail(`unknown permission ${code}`),
  );
  const apiPath = leaf.path.replace(/^\//, '');
  const tagName = apiPath.split('/')[0] ?? apiPath;
  return {
    names,
    menu: { key: leaf.key, label: leaf.label, path: leaf.path },
    permissionKeys,
    apiPath,
    tag: { name: tagName, declare: !tagDeclared(tagName) },
  };
}

/** Whether a module already declares the OpenAPI tag (ServerModule.openapiTag). */
function tagDeclared(tag: string): boolean {
  const modules = path.join(root, 'apps/server/src/modules');
  const files = readdirSync(modules, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.module.ts'));
  const declared = new RegExp(`openapiTag:\\s*\\{\\s*name:\\s*'${tag}'`);
  return files.some((file) => declared.test(readFileSync(path.join(modules, file), 'utf8')));
}

function migrationStamp(now: Date): string {
  return now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

const spec = specOf(name ?? '', menuKey ?? '', values.plural);
const files = generatedFiles(spec);
for (const dir of new Set(files.map((file) => path.dirname(file.path)))) {
  if (existsSync(path.join(root, dir))) fail(`${dir} exists already`);
}
const schemaPath = path.join(root, 'prisma/schema.prisma');
const schemaBefore = readFileSync(schemaPath, 'utf8');
if (new RegExp(`^model ${spec.names.pascal} \\{`, 'm').test(schemaBefore)) fail(`prisma/schema.prisma has a ${spec.names.pascal} model`);

// Shared lists first: a list that moved stops here, before any file is written.
applyEdits(root, centralEdits(spec));
for (const file of files) {
  mkdirSync(path.join(root, path.dirname(file.path)), { recursive: true });
  writeFileSync(path.join(root, file.path), file.text);
}
const domainIndex = path.join(root, 'packages/domain/src/index.ts');
writeFileSync(
  domainIndex,
  `${readFileSync(domainIndex, 'utf8').trimEnd()}\nexport * from './${spec.names.pluralKebab}/${spec.names.kebab}.contract.js';\n`,
);
writeFileSync(schemaPath, `${schemaBefore.trimEnd()}\n${prismaModel(spec.names)}`);

// The migration: the SQL between the schema before and after (scripts/prisma-migration-sql), then the client.
const scratch = mkdtempSync(path.join(tmpdir(), 'resource-new-'));
try {
  const before = path.join(scratch, 'schema.prisma');
  writeFileSync(before, schemaBefore);
  const sql = execFileSync(path.join(root, 'scripts/prisma-migration-sql'), [before, schemaPath], { cwd: root, encoding: 'utf8' });
  const dir = path.join(root, 'prisma/migrations', `${migrationStamp(new Date())}_add_${spec.names.snakePlural}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'migration.sql'), sql);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
execFileSync(process.execPath, ['scripts/prisma-generate.mjs'], { cwd: root, stdio: 'inherit' });
const touched = [...files.map((file) => file.path), ...centralEdits(spec).map((edit) => edit.file), 'packages/domain/src/index.ts'];
execFileSync('npx', ['biome', 'check', '--write', ...touched], { cwd: root, stdio: 'inherit' });

console.log(`resource:new: wrote the ${spec.names.pluralWords} resource behind ${spec.menu.path}:`);
for (const file of touched) console.log(`  ${file}`);
console.log(`Next: \`npm run typecheck\`, then \`cd apps/server && npx vitest run src/modules/${spec.names.pluralKebab}\`.`);

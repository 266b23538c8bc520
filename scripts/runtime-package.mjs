// Writes the package.json of the production image's runtime: the npm packages the bundled server imports at run time
// (apps/server's and packages/domain's dependencies; our own code is compiled into dist/main.js), each at the exact
// version package-lock.json holds. The image then installs only these: no web, test or build tooling.
//   node scripts/runtime-package.mjs <output-dir>
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const out = process.argv[2];
if (!out) throw new Error('usage: node scripts/runtime-package.mjs <output-dir>');

const lock = read('package-lock.json');
const workspaces = ['packages/domain', 'apps/server'];
const wanted = Object.assign({}, ...workspaces.map((dir) => read(`${dir}/package.json`).dependencies));
const dependencies = {};
for (const name of Object.keys(wanted).sort()) {
  if (name.startsWith('@crm/')) continue; // workspace packages are bundled
  // A workspace may resolve its own copy (nested under it) when the hoisted one is another major.
  const entry = [...workspaces.map((dir) => `${dir}/node_modules/${name}`), `node_modules/${name}`].find((key) => lock.packages[key]);
  const version = entry ? lock.packages[entry]?.version : undefined;
  if (!version) throw new Error(`${name} is not in package-lock.json: run npm install`);
  dependencies[name] = version;
}
const manifest = { name: 'engage-crm-runtime', private: true, type: 'module', version: read('package.json').version, dependencies };
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`wrote ${path.join(out, 'package.json')} (${Object.keys(dependencies).length} runtime packages)`);

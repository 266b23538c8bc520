// Bundles the server into dist/main.js (the API, with the workers unless RUN_WORKERS=false) and dist/worker.js (the
// workers alone, docs/scaling.md): our own TypeScript (src, the generated Prisma client and the
// @crm/domain workspace package) is compiled in; every npm dependency stays external and is loaded from
// node_modules at run time, so native and WASM packages (argon2, Prisma's runtime) work unchanged.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const readJson = (file) => JSON.parse(readFileSync(path.join(here, file), 'utf8'));

// Workspace packages (TypeScript sources) are bundled; their own npm dependencies stay external too.
const BUNDLED = ['@crm/domain'];
const manifests = [readJson('package.json'), readJson('../../packages/domain/package.json')];
const external = [...new Set(manifests.flatMap((manifest) => Object.keys(manifest.dependencies ?? {})))].filter(
  (name) => !BUNDLED.includes(name),
);

const result = await build({
  entryPoints: { main: path.join(here, 'src/main.ts'), worker: path.join(here, 'src/worker.ts') },
  outdir: path.join(here, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  external,
  // CommonJS dependencies call require(); an ESM bundle has none unless we define it.
  banner: {
    js: "import { createRequire as __crmCreateRequire } from 'node:module';\nconst require = __crmCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
  metafile: true,
});

const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(
  `built dist/main.js and dist/worker.js (${(bytes / 1024).toFixed(0)} KiB with its source map; ${external.length} external packages)`,
);

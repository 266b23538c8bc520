import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { placeholderLeaves } from '../../scripts/resource-new/menu-leaf.js';

// `npm run resource:new` on a copy of the repository: the resource it writes typechecks, passes the linter and its
// own tests, and joins the tests that walk every resource, before any hand edit.

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NAME = 'scaffold-probe';
// The copy's own test runs must not write over this run's reports.
const { CI_REPORT_DIR: _reports, ...env } = process.env;

let copy: string;

async function sh(command: string, args: readonly string[], cwd = copy) {
  try {
    return await run(command, [...args], { cwd, env, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${failed.stdout ?? ''}\n${failed.stderr ?? ''}\n${failed.message}`);
  }
}

/** A menu leaf that still shows the placeholder page, for the new resource to take. */
function placeholderLeaf(): { key: string; path: string } {
  const leaf = placeholderLeaves(root)[0];
  if (!leaf?.path) throw new Error('no menu leaf is left without a page');
  return { key: leaf.key, path: leaf.path };
}

beforeAll(async () => {
  copy = mkdtempSync(path.join(tmpdir(), 'resource-new-'));
  // The tracked and new files, copied; the installed packages, hard-linked (nothing below writes into them).
  const { stdout } = await sh('git', ['ls-files', '-co', '--exclude-standard', '-z'], root);
  const files = stdout.split('\0').filter((file) => file && existsSync(path.join(root, file)));
  for (let i = 0; i < files.length; i += 500) await sh('cp', ['--parents', '-t', copy, ...files.slice(i, i + 500)], root);
  for (const modules of ['node_modules', 'apps/server/node_modules']) {
    if (!existsSync(path.join(root, modules))) continue;
    // Hard links need one file system; across two (a checkout outside /tmp) the packages are copied.
    await sh('cp', ['-al', path.join(root, modules), path.join(copy, modules)], root).catch(async () => {
      rmSync(path.join(copy, modules), { recursive: true, force: true });
      await sh('cp', ['-a', path.join(root, modules), path.join(copy, modules)], root);
    });
  }
}, 300_000);
afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

it('writes a resource that typechecks, lints and passes its tests', async () => {
  const leaf = placeholderLeaf();
  const { stdout } = await sh('npm', ['run', 'resource:new', '--', NAME, '--menu', leaf.key]);
  expect(stdout).toContain(`wrote the scaffold probes resource behind ${leaf.path}`);
  const written = [
    'packages/domain/src/scaffold-probes/scaffold-probe.contract.ts',
    'apps/server/src/modules/scaffold-probes/scaffold-probe.resource.ts',
    'apps/server/src/modules/scaffold-probes/scaffold-probe.resource.test.ts',
    'apps/web/src/features/scaffold-probes/ScaffoldProbesPage.tsx',
  ];
  for (const file of written) expect(existsSync(path.join(copy, file)), file).toBe(true);
  expect(readFileSync(path.join(copy, 'apps/web/src/app/route-pages.tsx'), 'utf8')).toContain(
    `'${leaf.path}': () => <ScaffoldProbesPage />`,
  );

  await Promise.all([
    sh('npx', ['tsc', '--noEmit', '-p', 'apps/server']),
    sh('npx', ['tsc', '--noEmit', '-p', 'apps/web']),
    sh('npx', ['biome', 'check', '--error-on-warnings', 'packages', 'apps/server/src/modules', 'apps/web/src']),
  ]);
  await sh('npm', ['run', 'boundaries']);

  // Its own test, and the walks over every resource that now include it.
  const report = path.join(copy, 'scaffold-tests.json');
  const specs = ['src/modules/scaffold-probes', 'src/resources/resource-contracts.test.ts'];
  await sh('npx', ['vitest', 'run', ...specs, '--reporter=json', `--outputFile=${report}`], path.join(copy, 'apps/server'));
  const results = JSON.parse(readFileSync(report, 'utf8')) as {
    numFailedTests: number;
    testResults: { assertionResults: { fullName: string; status: string }[] }[];
  };
  const passed = results.testResults.flatMap((file) => file.assertionResults).filter((test) => test.status === 'passed');
  expect(results.numFailedTests).toBe(0);
  expect(passed.filter((test) => test.fullName.startsWith('scaffold probes ')).length).toBe(3);
  expect(passed.some((test) => test.fullName.startsWith('resource scaffoldProbes '))).toBe(true);
});

// `npm run bench:compare -- <git revision>`: the same benchmarks run by this tree and by an earlier revision,
// taken in turns (earlier, this, earlier, this...) on the same machine in one run, so that a change's cost is read
// as a ratio to its own baseline and not to figures measured on another day's load. The earlier revision is checked
// out (once) in a worktree under the temporary directory and installed from the npm cache.
// `npm run bench:compare -- <revision> --report <file>` reads the figures again from such a run's whole output.
// Knobs: BENCH_COMPARE_ROUNDS (default 2); every BENCH_* knob of tests/bench/run.ts is passed to both, with these
// defaults: BENCH_ONLY=generic,leads,intake, BENCH_LEADS_PARTS=create-http, BENCH_GENERIC_ROWS=200000,
// BENCH_LEADS_ROWS=100000, BENCH_INTAKE_DELIVERIES=5000.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const revision = process.argv[2] ?? process.env.BENCH_COMPARE_REF;
if (!revision) {
  console.error('usage: npm run bench:compare -- <git revision>');
  process.exit(2);
}
const rounds = Number(process.env.BENCH_COMPARE_ROUNDS ?? 2);
const git = (...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
const commit = git('rev-parse', '--verify', `${revision}^{commit}`);
const baseline = path.join(os.tmpdir(), `crm-bench-${commit.slice(0, 10)}`);

const env = {
  BENCH_ONLY: 'generic,leads,intake',
  BENCH_LEADS_PARTS: 'create-http',
  BENCH_GENERIC_ROWS: '200000',
  BENCH_LEADS_ROWS: '100000',
  BENCH_INTAKE_DELIVERIES: '5000',
  ...process.env,
};

function prepareBaseline() {
  if (!existsSync(path.join(baseline, 'node_modules'))) {
    if (!existsSync(baseline)) git('worktree', 'add', '--detach', baseline, commit);
    console.log(`installing ${commit.slice(0, 10)} in ${baseline}`);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: baseline, stdio: 'inherit' });
  }
}

/** One `npm run bench` in a tree; its output is kept whole and shown as it comes. */
const loads = [];

function bench(tree, label, only) {
  loads.push(`${label} ${only} ${os.loadavg()[0].toFixed(2)}`);
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'bench', '--silent'], {
      cwd: tree,
      env: { ...env, BENCH_ONLY: only },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk.toString().replace(/^(?=.)/gm, `[${label}] `));
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${label}: npm run bench exited ${code}`))));
  });
}

// A measured line of tests/bench/lib/stats.ts's formatRow: '<label> p50 <ms> ms  p95 <ms> ms  <n> req/s ...'.
const ROW = /^(.+?)\s+p50\s+([\d.]+) ms\s+p95\s+([\d.]+) ms\s+(\d+) req\/s/;
// The intake's drain: '<made> leads made for <distinct> distinct leads (...), <seconds> s after the first delivery'.
const DRAIN = /leads made for (\d+) distinct leads .*?, ([\d.]+) s after the first delivery/;

// An indented row belongs to the unindented line above it ('page 1,000 (200k asset): ...'), which names the case.
function figures(output) {
  const found = new Map();
  let section = '';
  for (const line of output.split('\n')) {
    if (/^\S/.test(line) && !ROW.test(line)) section = line.split(':')[0].trim();
    const row = ROW.exec(line);
    const label = row && /^\s/.test(line) && section ? `${section}: ${row[1].trim()}` : row?.[1].trim();
    if (row) found.set(label, { p50: Number(row[2]), p95: Number(row[3]), rps: Number(row[4]) });
    const drain = DRAIN.exec(line);
    if (drain) found.set('portal intake drained', { seconds: Number(drain[2]), leads: Number(drain[1]) });
  }
  return found;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The turns of an earlier comparison's whole output (`--report <file>`), split by their '[label] ' prefixes. */
function turnsOfLog(file) {
  const turns = new Map();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^\[(.+? #\d+)\] (.*)$/.exec(line);
    if (match) turns.set(match[1], `${turns.get(match[1]) ?? ''}${match[2]}\n`);
  }
  const runs = { baseline: [], current: [] };
  for (const [label, output] of turns) runs[label.startsWith('this tree') ? 'current' : 'baseline'].push(figures(output));
  return runs;
}

async function main() {
  const runs = { baseline: [], current: [] };
  if (process.argv[3] === '--report') Object.assign(runs, turnsOfLog(process.argv[4]));
  else {
    prepareBaseline();
    // One benchmark to a process (each seeds a database of its own), the two trees in turns.
    for (let round = 1; round <= rounds; round += 1) {
      let before = '';
      let after = '';
      for (const only of env.BENCH_ONLY.split(',')) {
        before += await bench(baseline, `${commit.slice(0, 7)} #${round}`, only);
        after += await bench(root, `this tree #${round}`, only);
      }
      runs.baseline.push(figures(before));
      runs.current.push(figures(after));
    }
  }
  console.log(`\n# this tree against ${commit.slice(0, 10)}, medians of ${runs.current.length} turns each`);
  if (loads.length) console.log(`machine load (1-minute average) as each turn began: ${loads.join(', ')}`);
  const labels = [...new Set(runs.current.flatMap((found) => [...found.keys()]))];
  for (const label of labels) {
    const pick = (side, field) => median(runs[side].map((found) => found.get(label)?.[field]).filter((v) => v !== undefined));
    const fields = label === 'portal intake drained' ? ['seconds'] : ['p50', 'p95', 'rps'];
    const parts = fields.map((field) => {
      const before = pick('baseline', field);
      const after = pick('current', field);
      return `${field} ${before.toFixed(1)} -> ${after.toFixed(1)} (${(after / before).toFixed(2)}x)`;
    });
    console.log(`${label.padEnd(44)} ${parts.join('  ')}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

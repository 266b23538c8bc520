// Runs commands at the same time (each in a shell, its output as it comes) and fails when any of them fails.
// `npm test` runs the scaffold's test beside the browser suite: one mostly waits on the browser, the other on tsc.
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('usage: node scripts/side-by-side.mjs "<command>" ["<command>" ...]');
  process.exit(2);
}

const exits = await Promise.all(
  commands.map(
    (command) =>
      new Promise((resolve) => {
        const child = spawn(command, { shell: true, stdio: 'inherit' });
        child.on('exit', (code, signal) => resolve({ command, code: code ?? (signal ? 1 : 0) }));
        child.on('error', () => resolve({ command, code: 1 }));
      }),
  ),
);
const failed = exits.filter((exit) => exit.code !== 0);
for (const exit of failed) console.error(`side-by-side: '${exit.command}' failed (${exit.code})`);
process.exit(failed.length ? 1 : 0);

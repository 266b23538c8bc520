import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';

// BENCH_CPU_PROFILE=<file>: a V8 CPU profile of one measured phase only (not the seeding around it), to open in
// Chrome's DevTools. Without it, `run` is just called.
export async function profiled<T>(phase: string, run: () => Promise<T>): Promise<T> {
  const file = process.env.BENCH_CPU_PROFILE;
  if (!file) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(`${file}.${phase}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  }
}

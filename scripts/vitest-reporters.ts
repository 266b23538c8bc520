// Under CI, every vitest run also writes a JSON report that .ci/run sums into one closing line.
export function ciReporters(name: string): { reporters: string[]; outputFile?: Record<string, string> } {
  const dir = process.env.CI_REPORT_DIR;
  if (!dir) return { reporters: ['default'] };
  return { reporters: ['default', 'json'], outputFile: { json: `${dir}/${name}.json` } };
}

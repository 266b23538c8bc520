// Latency statistics shared by every benchmark: the same numbers for the API and the direct SQL.
export interface LoadResult {
  label: string;
  requests: number;
  errors: number;
  seconds: number;
  p50: number;
  p95: number;
  rps: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export function summarise(label: string, latencies: number[], errors: number, seconds: number): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    label,
    requests: sorted.length,
    errors,
    seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    rps: sorted.length / seconds,
  };
}

export function formatRow(result: LoadResult): string {
  return `${result.label.padEnd(44)} p50 ${result.p50.toFixed(2).padStart(8)} ms  p95 ${result.p95.toFixed(2).padStart(8)} ms  ${result.rps.toFixed(0).padStart(7)} req/s  (${result.requests} req, ${result.errors} errors)`;
}

/** API against SQL: with a target, a verdict; without one (`null`), the ratio for information. */
export function formatRatio(label: string, api: LoadResult, sql: LoadResult, target: number | null, note = ''): string {
  const ratio = api.p50 / sql.p50;
  const judged = target === null ? note : `target <= ${target}x: ${ratio <= target ? 'within target' : 'OVER target'}`;
  return `${label.padEnd(44)} API/SQL p50 ratio ${ratio.toFixed(2)}x (${judged}); throughput ratio ${(sql.rps / api.rps).toFixed(2)}x`;
}

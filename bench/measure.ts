/** Shared measuring helpers for the bench modules: timed loops, percentiles and baselines. */

export type BenchRow = Record<string, string | number>;

export interface Sample {
  /** Operations measured. */
  n: number;
  /** Wall time of the whole run, ms. */
  totalMs: number;
  /** Latency of each operation, ms, sorted ascending. */
  latencies: number[];
}

/** The p-th percentile (0-100) of sorted latencies, nearest-rank. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/**
 * Runs `op` n times with `concurrency` operations in flight (after `warmup` unmeasured runs)
 * and records each one's latency. `op` gets the operation's index.
 */
export async function measure(n: number, op: (i: number) => Promise<unknown>, opts: { concurrency?: number; warmup?: number } = {}): Promise<Sample> {
  const concurrency = opts.concurrency ?? 1;
  for (let i = 0; i < (opts.warmup ?? Math.min(10, n)); i++) await op(-1 - i);
  const latencies: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const i = next++;
        const t = performance.now();
        await op(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const totalMs = performance.now() - start;
  latencies.sort((a, b) => a - b);
  return { n, totalMs, latencies };
}

/**
 * Measures a baseline and an operation alternately, n times each after one warm-up of each, so
 * that load from elsewhere on the machine falls on both alike. Sequential, one in flight.
 */
export async function measurePair(n: number, baseline: () => Promise<unknown>, op: () => Promise<unknown>, opts: { seconds?: number } = {}): Promise<[Sample, Sample]> {
  await baseline();
  await op();
  const a: number[] = [];
  const b: number[] = [];
  // Fewer pairs when `seconds` runs out first.
  const stopAt = opts.seconds ? performance.now() + opts.seconds * 1000 : Infinity;
  for (let i = 0; i < n && performance.now() < stopAt; i++) {
    let t = performance.now();
    await baseline();
    a.push(performance.now() - t);
    t = performance.now();
    await op();
    b.push(performance.now() - t);
  }
  return [sampleOf(a), sampleOf(b)];
}

/** A sample from latencies measured one after another (its wall time is their sum). */
export function sampleOf(latencies: number[]): Sample {
  const sorted = [...latencies].sort((x, y) => x - y);
  return { n: sorted.length, totalMs: sorted.reduce((x, y) => x + y, 0), latencies: sorted };
}

const opsPerSecond = (s: Sample) => (s.n * 1000) / s.totalMs;
export const p50 = (s: Sample) => percentile(s.latencies, 50);
export const p99 = (s: Sample) => percentile(s.latencies, 99);

/** One table row: an operation beside the baseline measured in the same run, with the ratio of medians. */
export function row(labels: BenchRow, op: Sample, baselineName: string, baseline: Sample): BenchRow {
  return {
    ...labels,
    n: op.n,
    'ops/s': round(opsPerSecond(op)),
    'p50 ms': round(p50(op)),
    'p99 ms': round(p99(op)),
    baseline: baselineName,
    'baseline p50 ms': round(p50(baseline)),
    'p50 / baseline': `${round(p50(op) / p50(baseline), 1)}x`,
  };
}

/** A report's figures against its p99 target, beside the same-run baseline's (the plain scan it replaces). */
export function targetRow(labels: BenchRow, op: Sample, target: number, baseline: Sample, data: string): BenchRow {
  return {
    ...labels,
    n: op.n,
    'p50 ms': round(p50(op)),
    'p99 ms': round(p99(op)),
    'target p99 ms': target,
    met: p99(op) <= target ? 'yes' : 'NO',
    'baseline p50 ms': round(p50(baseline)),
    'baseline p99 ms': round(p99(baseline)),
    'p50 / baseline': `${round(p50(op) / p50(baseline), 3)}x`,
    data,
  };
}

export function round(v: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(v * f) / f;
}

/** Small statistics for benchmark samples (Node). */

/** The q-quantile (0..1) of samples by nearest rank; NaN when there are none. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] as number;
}

export const median = (samples: readonly number[]): number => quantile(samples, 0.5);

/** Rounds to `digits` decimals (figures are printed and stored rounded). */
export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/**
 * The lowest median among `batches` consecutive slices of the samples: on a shared machine other
 * jobs only ever add time, so the least disturbed slice estimates the intrinsic cost best.
 */
export function quietestBatchMedian(samples: readonly number[], batches: number): number {
  const size = Math.max(1, Math.floor(samples.length / batches));
  let best = Number.NaN;
  for (let start = 0; start + size <= samples.length; start += size) {
    const m = median(samples.slice(start, start + size));
    if (!(m >= best)) best = m;
  }
  return best;
}

// Summaries of timing samples: nearest-rank percentiles, no interpolation.

export function percentile(samples, p) {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export const median = (samples) => percentile(samples, 50);
export const p95 = (samples) => percentile(samples, 95);

export const round = (value, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

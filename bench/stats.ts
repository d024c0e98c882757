/** Value at quantile q (0..1) of the samples, by the nearest-rank method. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank]!;
}

export const median = (samples: readonly number[]): number => quantile(samples, 0.5);
export const p95 = (samples: readonly number[]): number => quantile(samples, 0.95);
export const sum = (samples: readonly number[]): number => samples.reduce((a, b) => a + b, 0);

/** Milliseconds with a sensible number of digits. */
export function ms(value: number): string {
  return value >= 100
    ? `${value.toFixed(0)} ms`
    : value >= 10
      ? `${value.toFixed(1)} ms`
      : `${value.toFixed(2)} ms`;
}

/** Milliseconds as seconds, to the hundredth. */
export function seconds(value: number): string {
  return `${(value / 1000).toFixed(2)} s`;
}

/** Runs `fn` `count` times and returns each duration in milliseconds. */
export async function sample(count: number, fn: (i: number) => unknown): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    await fn(i);
    out.push(performance.now() - start);
  }
  return out;
}

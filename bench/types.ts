/** One line of the results table: what users feel, beside the limit it is measured against. */
export interface BenchRow {
  benchmark: string;
  /** The measured figure, with its unit ("141.2 s", "p95 1.3 ms"). */
  measured: string;
  /** The physical limit or reference of the same machine in the same run ("floor 133.4 s"). */
  reference: string;
  /** measured ÷ reference where both are times, lower is better. */
  ratio?: number;
  target: string;
  /** Whether the target was met; undefined where the target is "report it". */
  met?: boolean;
}

export interface BenchOptions {
  /** Small sizes that finish in seconds: keeps the benchmarks working in CI. */
  quick: boolean;
  log: (line: string) => void;
  /** Sizes above this many rows are left out (`--max-rows`): 1M caches take long to fill. */
  maxRows?: number;
  /**
   * Where filled caches are kept between runs (`--caches`), for the benchmarks that only read
   * them; without it each run fills its own and removes it.
   */
  caches?: string;
}

export interface Bench {
  name: string;
  run: (options: BenchOptions) => Promise<BenchRow[]>;
}

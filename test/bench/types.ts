/**
 * One benchmark module: `test/bench/<name>.bench.ts` default-exports a function that measures and
 * returns rows. `npm run bench` discovers every module, runs them one after another, and prints one
 * table with figures and ratios measured in the same run.
 */
export interface BenchRow {
  /** Group, e.g. 'sandbox', 'sync', 'grid', 'acks', 'memory'. */
  group: string;
  /** What was measured, e.g. 'GET /me requests/s'. */
  name: string;
  /** The figure. */
  value: number;
  /** Its unit, e.g. 'req/s', 'ms', 'docs/s', 'MiB'. */
  unit: string;
  /** The target in words, e.g. '>= 40% of hello-world', '<= 25 ms p50'. */
  target?: string;
  /**
   * The figure divided by its baseline of the same run, when there is one (0.52 = 52% of the
   * hello-world's throughput; 8.1 = a page takes 8.1 times a GET /me). The row's name or target says
   * which baseline.
   */
  ratio?: number;
  /** Whether the target was met (undefined when there is no target). */
  pass?: boolean;
  /**
   * Each run's figure, when `value` is their median (kept in the raw results beside
   * docs/benchmarks.md, docs/bench-results/).
   */
  samples?: number[];
}

/** What the harness gives each module. */
export interface BenchContext {
  /** Shorter runs (BENCH_QUICK=1), for a smoke check. */
  quick: boolean;
  /**
   * How many times a module repeats each timed measurement, to show the median: 3, 1 when quick
   * (BENCH_RUNS=n overrides, e.g. for a look at one module).
   */
  runs: number;
  /** Shared figures of the run, e.g. the hello-world baseline, for ratios across modules. */
  baselines: Map<string, number>;
  /** Raw observations a module keeps beside its rows (e.g. each run's calls), by a name of its own. */
  details: Map<string, unknown>;
}

/** A benchmark module's default export. */
export type BenchModule = (context: BenchContext) => Promise<BenchRow[]>;

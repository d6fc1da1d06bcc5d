/** Types of scripts/tiers.mjs (how npm test runs and counts a tier). */
export declare const root: string;
export declare class TierError extends Error {}
export interface TierCounts {
  title: string;
  passed: number;
  failed: number;
  skipped: number;
  total: number;
  /** Each failed test as `file > full name`, or a file that did not load. */
  failures: string[];
}
export interface TierSpec {
  title: string;
  config: string;
  args?: string[];
  env?: Record<string, string>;
}
export declare function runCommand(cmd: string, args: string[], opts?: { label?: string; silent?: boolean; env?: Record<string, string>; cwd?: string }): Promise<number>;
export declare function countsOf(report: object): Omit<TierCounts, 'title'>;
export declare function runVitestTier(spec: TierSpec, opts?: { label?: string; silent?: boolean; cwd?: string }): Promise<TierCounts>;
export declare function closingLine(results: Pick<TierCounts, 'passed' | 'failed'>[]): string;

/**
 * npm test runs a sample of each proof (fewer kills, fewer fuzz cases; the fuzzers' seed changes every
 * run, so the samples differ); `npm run test:full` (MBX_TEST_FULL=1) the full runs.
 */
export const FULL = process.env.MBX_TEST_FULL === '1';

/** `full` in a full run, `sample` in npm test. */
export const sampled = (full: number, sample: number): number => (FULL ? full : sample);

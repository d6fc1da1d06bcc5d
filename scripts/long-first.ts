import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * A vitest sequencer that starts the files known to take longest first, then the rest in vitest's
 * own order. On a clean clone vitest has no timings to go by and starts the largest files first, so
 * a small file that runs a simulation for half a minute could start last and keep the run waiting.
 * `longFiles` are path endings (e.g. 'simulator/simulation.test.ts'), longest first; a name that no
 * longer matches only costs time, never a test.
 */
export function longFirst(longFiles: readonly string[]): new (...args: ConstructorParameters<typeof BaseSequencer>) => BaseSequencer {
  const rank = (spec: TestSpecification) => {
    const i = longFiles.findIndex((end) => spec.moduleId.endsWith(end));
    return i === -1 ? longFiles.length : i;
  };
  return class LongFirstSequencer extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      return sorted.map((spec, i) => ({ spec, i, r: rank(spec) })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.spec);
    }
  };
}

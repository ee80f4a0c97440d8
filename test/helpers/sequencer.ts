// The order test files start in. Vitest runs the longest files first when it remembers their durations
// from an earlier run; a fresh clone (CI) has none, so the files known to take longest (they wait on
// replicas behind nginx, a lease, paced clients, a browser, servers that stop) start first here, and the
// parallel workers finish at about the same time. Every other file keeps vitest's order.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONGEST_FIRST = [
  'test/integration/cluster.test.ts',
  'test/integration/keys-and-outages.test.ts',
  'test/integration/rate-limit.test.ts',
  'test/integration/real-data.test.ts',
  'test/integration/refresh-killed.test.ts',
  'test/integration/widget-browser.test.ts',
  'test/integration/shutdown.test.ts',
];

const rank = (file: TestSpecification) => {
  const index = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(name));
  return index === -1 ? LONGEST_FIRST.length : index;
};

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((file, i) => ({ file, i }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.i - b.i)
      .map(({ file }) => file);
  }
}

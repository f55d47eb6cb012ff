import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The two accessibility sweeps are the longest files by far (every screen at one width, ~2 min each): they start
 * first, one per worker, and the short files fill in beside them. Otherwise Vitest's order (by last run's time,
 * else by file size) can leave both sweeps for last, running alone.
 */
class SweepsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const sweep = (f: TestSpecification) => /accessibility-[a-z]+\.e2e\.ts$/.test(f.moduleId);
    return [...sorted.filter(sweep), ...sorted.filter((f) => !sweep(f))];
  }
}

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Two files at a time against the one server: most of a browser test's time is waiting (network idle, the
    // server, animations), so two run side by side in about the time of one on this 2-core CI machine. Every file
    // makes its own members, offers and visitor addresses (helpers.ts), so none depends on another's state.
    fileParallelism: true,
    maxWorkers: 2,
    pool: 'forks',
    sequence: { sequencer: SweepsFirst },
  },
});

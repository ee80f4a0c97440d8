import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from './test/helpers/workers.js';
import { LongestFirstSequencer } from './test/helpers/sequencer.js';

export default defineConfig({
  // graphql 16 ships CommonJS (main) and ESM (module): Node loads the former for every package, Vite would
  // hand our files the latter, and graphql refuses a schema from the other copy. Use the one Node uses.
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    setupFiles: ['test/helpers/worker-setup.ts'],
    // Files run in parallel, each worker on a database and a Redis database of its own (global-setup.ts).
    maxWorkers: TEST_WORKERS,
    sequence: { sequencer: LongestFirstSequencer },
    // A worker imports the app's modules once for all its files (not once per file): the schema, the
    // Prisma client and the generator are built once. Files keep no state in modules: each builds its
    // app, clients and clock itself (test-app.ts) and empties its worker's database first.
    isolate: false,
    // what a test sets with vi.stubEnv is undone after it, so no later file in the worker inherits it
    unstubEnvs: true,
    // Many tests spawn the service's own commands (tsx, a worker thread, a refresh); on a loaded 2-core
    // machine one spawn can take 10 s or more. A timeout is a bound on a hang, not a speed assertion.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});

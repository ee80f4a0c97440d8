import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from './test/helpers/workers.js';

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
    // Many tests spawn the service's own commands (tsx, a worker thread, a refresh); on a loaded 2-core
    // machine one spawn can take 10 s or more. A timeout is a bound on a hang, not a speed assertion.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});

#!/usr/bin/env node
// Runs the Prisma CLI offline: the two variables point at an existing file so the CLI skips the engine
// downloads it would never use (we run the WebAssembly schema engine and the Rust-free client).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const placeholder = path.join(root, 'package.json');
const cli = createRequire(import.meta.url).resolve('prisma/build/index.js');
const result = spawnSync(process.execPath, ['--require', path.join(root, 'scripts', 'prisma-unref-timers.cjs'), cli, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    // generators such as prisma-pothos-types are found on PATH
    PATH: [path.join(root, 'node_modules', '.bin'), process.env.PATH].join(path.delimiter),
    PRISMA_SCHEMA_ENGINE_BINARY: placeholder,
    PRISMA_QUERY_ENGINE_LIBRARY: placeholder,
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
    CHECKPOINT_DISABLE: '1',
  },
});
process.exit(result.status ?? 1);

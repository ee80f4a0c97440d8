// Prisma CLI configuration: migrations run through the WebAssembly schema engine over a driver
// adapter, so no engine binary is ever downloaded (see CONTRIBUTING.md, "Prisma offline").
import path from 'node:path';
import { defineConfig } from 'prisma/config';
import { createCliPgAdapter } from './src/infra/prisma-cli-adapter.js';

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: path.join('prisma', 'schema.prisma'),
  migrations: { path: path.join('prisma', 'migrations') },
  async adapter() {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('DATABASE_URL must be set for Prisma CLI commands (use the npm scripts).');
    return createCliPgAdapter(url);
  },
});

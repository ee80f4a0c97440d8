// The import graph of src/ has no circles: a module imports only what sits beside or below it. The same
// check as `npm run check:circular`, through madge's API, so that the suite fails on a new circle. The
// Prisma client generated into src/generated/ has circles of its own and is left out.
import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));
const TS_CONFIG = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));

describe('the import graph of src/', () => {
  it('when every module of src/ is read (the generated Prisma client left out), then no import circle is found', async () => {
    const graph = await madge(SRC, { fileExtensions: ['ts'], tsConfig: TS_CONFIG, excludeRegExp: [/^generated\//] });
    const modules = Object.keys(graph.obj());
    // The real graph, not an empty one: every module, with the imports resolved through tsconfig.
    expect(modules.length).toBeGreaterThan(50);
    expect(modules).toContain('app.ts');
    expect(graph.obj()['app.ts']).toContain('context.ts');
    expect(modules.filter((file) => file.startsWith('generated/'))).toEqual([]);
    expect(graph.circular()).toEqual([]);
  });
});

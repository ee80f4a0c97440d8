// The built-in generator's version, derived from what it writes with: its messages and every module it
// imports for their values, found by following the imports of the TypeScript sources from
// default-generator.ts, hashed. The compiled code has no TypeScript sources to read, so `npm run build`
// writes the version computed from them beside it (scripts/copy-build-assets.mjs): the server run from
// dist/ and the commands run from source name the same version, and a change to any module the generator
// uses is a new one.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Relative to src/. */
const ENTRY = 'modules/texts/default-generator.ts';
const MESSAGE_FILES = ['modules/texts/messages/de.ftl', 'modules/texts/messages/en.ftl'];
/** Written by the build beside the compiled generator. */
export const BUILT_VERSION_FILE = 'generator-version.json';

/**
 * A relative import or re-export for its values ("import { x, type Y } from './x.js'", "import './x.js'");
 * "import type …" is not one: it changes no output.
 */
const VALUE_IMPORT = /^(?:import|export)\s+(?!type\s)(?:[^;']*?\sfrom\s+)?'(\.{1,2}\/[^']+)\.js'/gmu;

/** Reads a file of src/ by its path relative to src/ (with "/"). */
export type SourceReader = (file: string) => string;

/** The files the built-in generator writes with, relative to src/: its modules in a stable order, then its messages. */
export function generatorSources(read: SourceReader): string[] {
  const modules = new Set<string>();
  const visit = (file: string) => {
    if (modules.has(file)) return;
    modules.add(file);
    for (const [, specifier] of read(file).matchAll(VALUE_IMPORT)) visit(path.posix.join(path.posix.dirname(file), `${specifier}.ts`));
  };
  visit(ENTRY);
  return [...[...modules].sort(), ...MESSAGE_FILES];
}

/** "default-" and the start of a hash of every file the generator writes with, each with its name. */
export function generatorVersion(read: SourceReader): string {
  const hash = createHash('sha256');
  for (const file of generatorSources(read)) hash.update(`${file}\u0000${read(file)}\u0000`);
  return `default-${hash.digest('hex').slice(0, 12)}`;
}

/** Reads the TypeScript sources under `srcDir` (the project's src/). */
export const sourcesBeside =
  (srcDir: string): SourceReader =>
  (file) =>
    fs.readFileSync(path.join(srcDir, file), 'utf8');

/**
 * This process's version: from the TypeScript sources when it runs them, else the one the build wrote
 * beside the compiled code.
 */
export function builtInGeneratorVersion(): string {
  if (import.meta.filename.endsWith('.ts')) return generatorVersion(sourcesBeside(path.resolve(import.meta.dirname, '..', '..')));
  const written = path.join(import.meta.dirname, BUILT_VERSION_FILE);
  if (!fs.existsSync(written)) throw new Error(`${written} is missing: build with npm run build, which writes it`);
  return (JSON.parse(fs.readFileSync(written, 'utf8')) as { version: string }).version;
}

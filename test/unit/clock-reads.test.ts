// A lint rule, run with the suite: the service reads the clock in one module (src/time/clock.ts). Every
// other module is handed the time (`now`, or a `clock` to call), so the tests can pin it and no result
// depends on the day the suite runs. The check parses each source file with the TypeScript compiler
// and reports `Date.now()`, `new Date()` without arguments and `Date()` (a string of the current time,
// with or without arguments) outside that module. performance.now()
// stays allowed: a monotonic timer for durations (request times, pacing), it never says what day it is.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const CLOCK_MODULE = 'src/time/clock.ts';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return rel === path.join('src', 'generated') ? [] : sourceFiles(rel);
    return /\.(ts|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [rel] : [];
  });
}

/** Each clock read in the code, as "file:line: what". */
export function clockReads(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node, what: string) => found.push(`${file}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`);
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ts.isIdentifier(node.expression.expression)) {
      const call = `${node.expression.expression.text}.${node.expression.name.text}`;
      if (call === 'Date.now') at(node, `${call}()`);
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Date') at(node, 'Date()');
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Date' && !node.arguments?.length) {
      at(node, 'new Date()');
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the clock is read in one module', () => {
  it(`no file of src/ or jobs/ but ${CLOCK_MODULE} reads it`, () => {
    const files = [...sourceFiles('src'), ...sourceFiles('jobs')];
    expect(files.length).toBeGreaterThan(50); // it read the real tree
    expect(files).toContain(CLOCK_MODULE);
    const reads = files.filter((f) => f !== CLOCK_MODULE).flatMap((f) => clockReads(f, fs.readFileSync(path.join(ROOT, f), 'utf8')));
    expect(reads).toEqual([]);
  });

  it('the check finds each kind of read, and not a date made from a value', () => {
    const code = ['const a = Date.now();', 'const b = new Date();', 'const c = new Date;', 'const d = performance.now();', 'const e = new Date(0);', 'const f = new Date(a + 1);', 'const g = Date();', 'const h = Date(0);'].join('\n');
    expect(clockReads('x.ts', code)).toEqual(['x.ts:1: Date.now()', 'x.ts:2: new Date()', 'x.ts:3: new Date()', 'x.ts:7: Date()', 'x.ts:8: Date()']);
  });
});

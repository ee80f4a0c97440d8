// `npm run build`: tsc compiles the TypeScript; the files the code reads beside itself at run time (the
// Fluent message files of the texts) are copied into dist/ at the same relative place, and the built-in
// text generator's version, derived from the TypeScript sources the compiled code cannot read, is written
// beside it (src/modules/texts/generator-version.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const assets = fs
  .readdirSync(path.join(root, 'src'), { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.ftl'));
for (const file of assets) {
  const target = path.join(root, 'dist', 'src', file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(path.join(root, 'src', file), target);
}
console.log(`copied ${assets.length} asset file(s) into dist/src`);

const textsDir = path.join(root, 'dist', 'src', 'modules', 'texts');
const { BUILT_VERSION_FILE, generatorVersion, sourcesBeside } = await import(path.join(textsDir, 'generator-version.js'));
const version = generatorVersion(sourcesBeside(path.join(root, 'src')));
fs.writeFileSync(path.join(textsDir, BUILT_VERSION_FILE), `${JSON.stringify({ version })}\n`);
console.log(`text generator version ${version}`);

// `npm run build`: tsc compiles the TypeScript; the files the code reads beside itself at run time (the
// Fluent message files of the texts) are copied into dist/ at the same relative place.
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

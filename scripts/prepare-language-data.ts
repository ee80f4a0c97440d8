// Writes the language detector's database as JSON (src/modules/sources/language.ts explains why). Run by
// `npm ci` (postinstall); a failure only warns, since the detector then loads eld's module instead.
import path from 'node:path';
import { prepareLanguageData } from '../src/modules/sources/language.js';

try {
  console.log(`language detector data written: ${path.relative(process.cwd(), await prepareLanguageData())}`);
} catch (error) {
  console.warn(`language detector data not prepared (the detector will load eld's module, with more memory): ${(error as Error).message}`);
}

// The project's root folder (where package.json, prisma/ and static/ live), from the sources
// (src/infra) and from the build (dist/src/infra) alike.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const twoUp = path.resolve(here, '..', '..');
export const PROJECT_ROOT = path.basename(twoUp) === 'dist' ? path.dirname(twoUp) : twoUp;

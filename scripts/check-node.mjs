// Stops `npm ci` (preinstall) and `npm test` (first, before vitest starts; the tests' global setup
// checks again for a `npx vitest` run) on a Node.js this service does not support, with the fix, instead
// of installing fine and then decoding data wrongly. The supported
// range is package.json's `engines.node` (one source); only its ">=MAJOR.MINOR" form is understood.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const packageJson = new URL('../package.json', import.meta.url);

/** The message that stops an unsupported Node, or null when `version` satisfies `range` (">=22.15"). */
export function unsupportedNodeMessage(version, range) {
  const wanted = /^>=\s*(\d+)\.(\d+)/.exec(range);
  if (!wanted) throw new Error(`package.json engines.node "${range}" is not of the form ">=MAJOR.MINOR"`);
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  const [wantMajor, wantMinor] = [Number(wanted[1]), Number(wanted[2])];
  if (major > wantMajor || (major === wantMajor && minor >= wantMinor)) return null;
  return [
    `Node.js ${version.replace(/^v/, '')} is not supported: this service needs Node.js ${range.replace(/^>=\s*/, '')} or newer (the LTS lines 22 and 24).`,
    `Install Node.js 22 or 24 (for example \`nvm install 24\`, or Node from https://nodejs.org), then run the command again.`,
  ].join('\n');
}

export function checkNode() {
  const { engines } = JSON.parse(fs.readFileSync(packageJson, 'utf8'));
  return unsupportedNodeMessage(process.versions.node, engines.node);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const message = checkNode();
  if (message) {
    console.error(message);
    process.exit(1);
  }
}

// The browser for the browser tests (the widget, the documentation page, the editor's desk), driven by
// playwright-core, which downloads no browser: CHROMIUM_PATH, else the usual places of Chromium or Chrome.
// Without one the browser tests are skipped with one line saying what to install, except in CI (CI set),
// where a missing browser fails them.
import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const USUAL_PLACES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/** The browser's executable, or null when none is found. */
export const CHROMIUM: string | null = process.env.CHROMIUM_PATH || (USUAL_PLACES.find((file) => fs.existsSync(file)) ?? null);

/** True when the browser tests are skipped: no browser, and not in CI. */
export const browserSkipped = CHROMIUM === null && !process.env.CI;
if (browserSkipped) {
  console.warn(
    '[tests] no Chromium found (CHROMIUM_PATH, /usr/bin/chromium, …): the browser tests are SKIPPED; install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.',
  );
}

/** Fails at once, with what to do, when the browser is missing (in CI) or CHROMIUM_PATH names no file. */
export function requireChromium(): string {
  if (CHROMIUM === null) throw new Error('no Chromium found: apt-get install -y chromium, or set CHROMIUM_PATH');
  if (!fs.existsSync(CHROMIUM)) throw new Error(`CHROMIUM_PATH names no file: ${CHROMIUM}`);
  return CHROMIUM;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: requireChromium(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

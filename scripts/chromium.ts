// Resolves the Chromium the browser tests drive. The tests never download a browser: they take
// CHROMIUM_PATH, else the system's Chromium, else one Playwright already has in its cache.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = [env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const candidate of candidates) if (candidate && existsSync(candidate)) return candidate;
  try {
    const cached = chromium.executablePath();
    if (existsSync(cached)) return cached;
  } catch {
    // Playwright has no cached browser for this platform.
  }
  return undefined;
}

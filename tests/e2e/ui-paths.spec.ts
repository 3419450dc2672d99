// The UI paths in Chromium on a desktop screen, in English (npm run qa:paths lists them all).
import { describeBrowserPaths } from './paths/browser-paths.ts';

await describeBrowserPaths('en', 'desktop-en');

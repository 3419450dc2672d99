// The UI paths in Chromium on a 375 px phone, in Spanish.
import { describeBrowserPaths } from './paths/browser-paths.ts';

await describeBrowserPaths('es', 'mobile-es');

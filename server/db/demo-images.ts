// The demo trainer's product pictures, hand-drawn SVG illustrations.
import path from 'node:path';

/**
 * The demo's product images, committed in `demo-images/` and served under this path by the API
 * (server/site/site.routes.ts). Each file is named by the hash of its content, so browsers keep it a
 * year: a changed picture is a new name (tests/api/products.test.ts).
 */
export const DEMO_IMAGES_PATH = '/demo-images/';
export const DEMO_IMAGES_DIR = path.join(import.meta.dirname, 'demo-images');
export const DEMO_IMAGES = {
  challenge: `${DEMO_IMAGES_PATH}30-day-shred.a2cfd3f22b.svg`,
  course: `${DEMO_IMAGES_PATH}strength-foundations.fc3f185b45.svg`,
};

// The checks a challenge or course page passes at any width and in any language: its picture is in
// a frame the page held before the file arrived, so nothing moved while it loaded.
import { expect, type Page } from '@playwright/test';

/** Opens the page, counting the layout shifts from the first paint on (what CLS adds up). */
export async function openCountingShifts(page: Page, path: string): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean }
      >)
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(path);
  return () => page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
}

/** The product's picture has loaded in its 4:3 frame, named after the product. */
export async function expectPicture(page: Page, name: string): Promise<void> {
  const picture = page.getByRole('main').getByRole('img', { name });
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  const box = await picture.boundingBox();
  expect(box && Math.round((box.width / box.height) * 100) / 100).toBe(1.33);
}

// The content service's settings: read once per TTL and shaped once per language, so a caller gets
// the same settings until the document is read again (the rendered pages' cache relies on it).
import { describe, expect, it } from 'vitest';
import { createContentService, SETTINGS_TTL_MS } from '../../../server/content/content-service.ts';
import type { ContentSource } from '../../../server/content/content-source.ts';

describe("the content service's settings", () => {
  it('are the same object per language until the document is read again', async () => {
    let reads = 0;
    const source: ContentSource = {
      query: async <T>() => {
        reads++;
        return { siteName: `Read ${reads}` } as T;
      },
      assetUrl: () => '',
      fileUrl: () => '',
    };
    let now = 0;
    const content = createContentService(source, () => now);
    const english = await content.settings('en');
    expect(english?.siteName).toBe('Read 1');
    expect(await content.settings('en')).toBe(english);
    const spanish = await content.settings('es');
    expect(spanish).not.toBe(english);
    expect(await content.settings('es')).toBe(spanish);
    now = SETTINGS_TTL_MS;
    const again = await content.settings('en');
    expect(again).not.toBe(english);
    expect(again?.siteName).toBe('Read 2');
    expect(reads).toBe(2);
  });
});

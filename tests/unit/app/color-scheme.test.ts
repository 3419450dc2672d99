// The site's one colour scheme is in its HTML before any script runs (decision 128): Mantine keeps
// the brand's colour variables, and the focus ring's, under `data-mantine-color-scheme` on <html>,
// which its provider sets only once the app has rendered.
import { readFileSync } from 'node:fs';
import { mantineHtmlProps } from '@mantine/core';
import { describe, expect, it } from 'vitest';

describe('the colour scheme', () => {
  it("is on the shell template's <html>, as Mantine's server-rendering setup writes it", () => {
    const html = readFileSync('index.html', 'utf8');
    const scheme = mantineHtmlProps['data-mantine-color-scheme'];
    expect(scheme).toBe('light');
    expect(html).toMatch(new RegExp(`<html [^>]*data-mantine-color-scheme="${scheme}"`));
  });
});

// The site has one colour scheme, light (the MantineProvider forces it), so Mantine's rules for the
// dark scheme never match: about a third of the shell's stylesheet, parsed on every first load and
// reported unused. They are dropped at build time; a selector list keeps its other selectors.

import type { Plugin as PostcssPlugin, Rule } from 'postcss';

const DARK = /\[data-mantine-color-scheme=(['"]?)dark\1\]/;

export function lightOnlyCss(): PostcssPlugin {
  return {
    postcssPlugin: 'light-only-css',
    Rule(rule: Rule) {
      if (!DARK.test(rule.selector)) return;
      const kept = rule.selectors.filter((selector) => !DARK.test(selector));
      if (kept.length === 0) rule.remove();
      else rule.selectors = kept;
    },
  };
}

// The module that hydrates a page the server rendered (decision 118), loaded only with such a page.
// Asked for from here, the shell's code, which already carries the bundler's loader for lazy modules.
export const loadHydration = () => import('../hydration/hydrate-page.tsx');

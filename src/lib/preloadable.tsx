// A lazily loaded component that can be loaded ahead of its render. Once loaded it renders at once,
// without suspending: a page the server rendered hydrates it in the same pass as the rest, where
// React.lazy would suspend on its first render even with its chunk already here, and leave that part
// of the page to hydrate later (or, updated in between, to be drawn again from its fallback).
import { type ComponentType, createElement, use } from 'react';

export interface Preloadable<P extends object> {
  (props: P): ReturnType<typeof createElement>;
  /** Loads the component's code; the same promise on every call until it fails. */
  preload(): Promise<void>;
}

export function preloadable<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        // A failed load (the connection dropped) is tried again by the next render.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  function Preloaded(props: P) {
    if (!loaded) use(preload());
    return createElement(loaded as ComponentType<P>, props);
  }
  return Object.assign(Preloaded, { preload });
}

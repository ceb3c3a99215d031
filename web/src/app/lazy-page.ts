import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { recordPageLoad } from '../lib/perf';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

export interface LazyPage {
  Component: LazyExoticComponent<ComponentType>;
  /** Start loading the chunk now (idle, hover, role prefetch); failures are logged, not thrown. */
  preload: () => void;
}

/**
 * Wraps a page import so that rendering and preloading share one request, the load time is
 * logged, and a failed load (flaky network) can be tried again on the next render.
 */
export function lazyPage(route: string, load: PageLoader): LazyPage {
  let pending: Promise<PageModule> | undefined;
  const loadOnce = (): Promise<PageModule> => {
    if (!pending) {
      const started = performance.now();
      pending = load().then(
        (mod) => {
          recordPageLoad(route, performance.now() - started);
          return mod;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
    }
    return pending;
  };
  return {
    Component: lazy(loadOnce),
    preload: () => {
      loadOnce().catch((error: unknown) => console.error('[preload] failed', route, error));
    },
  };
}

import { lazy, type ComponentType, type LazyExoticComponent } from "react";

// A component whose code stays out of the page's first load: the server renders it into the HTML
// as usual (the page is complete and readable before any JavaScript runs, and nothing moves when
// it arrives), while the browser loads its code on its own and hydrates it once it is there.
//
// React.lazy alone would not do on the server: it suspends on the first render of every module,
// and React streams a suspended part after the rest of the page, shown by an inline script. Here the
// server's build (one module, so the import resolves as soon as the Worker starts) finds the code
// loaded on every render, and React.lazy gets it synchronously. In the browser it suspends until the
// code is there: React keeps the server's HTML meanwhile (the part hydrates later; the router's
// updates are transitions, which wait for it). Put it inside a <Suspense> boundary.

type Loaded<P> = { default: ComponentType<P> };

export type LazyComponent<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the code, e.g. when a link to the page that shows it is pointed at. */
  preload(): Promise<Loaded<P>>;
};

export function lazyComponent<P extends object>(load: () => Promise<Loaded<P>>): LazyComponent<P> {
  let loaded: Loaded<P> | undefined;
  let loading: Promise<Loaded<P>> | undefined;
  const preload = () => (loading ??= load().then((module) => (loaded = module)));
  if (import.meta.env.SSR) void preload();
  // A thenable that resolves at once: React.lazy then renders the component without suspending.
  const ready = (module: Loaded<P>) => ({ then: (resolve: (value: Loaded<P>) => void) => resolve(module) }) as Promise<Loaded<P>>;
  const component = lazy(() => (loaded ? ready(loaded) : preload()));
  return Object.assign(component, { preload });
}

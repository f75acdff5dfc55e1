import { startTransition } from "react";

// Every update the router's state brings should be a transition. React Router's own updates are;
// Remix's RemixBrowser also keeps the location in state and sets it outside one. An update outside a
// transition that reaches a part of the page still waiting for its code to hydrate (a lazily loaded
// worksheet editor or plan cards) makes React throw that part's server HTML away and draw it again
// (React error 421), losing what someone had started typing; in a transition, React waits for the
// code instead. Updates the router asks to flush at once stay synchronous.

export type RouterSubscriber = (state: unknown, options: { flushSync?: boolean }) => void;
type Router = { subscribe(subscriber: RouterSubscriber): () => void };

/**
 * Makes the router Remix publishes as `target[key]` (window.__remixRouter, set once as it is made,
 * before anything subscribes to it) call its subscribers inside a transition.
 */
export function routerUpdatesAsTransitions(target: object, key = "__remixRouter", transition: (update: () => void) => void = startTransition) {
  let published: Router | undefined;
  Object.defineProperty(target, key, {
    configurable: true,
    enumerable: true,
    get: () => published,
    set(router: Router) {
      const subscribe = router.subscribe.bind(router);
      router.subscribe = (subscriber) =>
        subscribe((state, options) => (options?.flushSync ? subscriber(state, options) : transition(() => subscriber(state, options))));
      published = router;
    },
  });
}

import { describe, expect, test, vi } from "vitest";
import { routerUpdatesAsTransitions, type RouterSubscriber } from "~/utils/router-transitions";

/** A router as Remix makes it: subscribers called with each new state. */
function fakeRouter() {
  const subscribers = new Set<RouterSubscriber>();
  return {
    subscribe(subscriber: RouterSubscriber) {
      subscribers.add(subscriber);
      return () => subscribers.delete(subscriber);
    },
    update(state: unknown, options: { flushSync?: boolean } = {}) {
      for (const subscriber of subscribers) subscriber(state, options);
    },
  };
}

describe("routerUpdatesAsTransitions", () => {
  test("a subscriber to the published router is called inside a transition, with the state and options", () => {
    const target: { __remixRouter?: unknown } = {};
    const inTransition: string[] = [];
    let transitioning = false;
    const transition = vi.fn((update: () => void) => {
      transitioning = true;
      update();
      transitioning = false;
    });
    routerUpdatesAsTransitions(target, "__remixRouter", transition);
    const router = fakeRouter();
    target.__remixRouter = router;
    expect(target.__remixRouter).toBe(router);

    const seen: unknown[] = [];
    const unsubscribe = router.subscribe((state, options) => {
      seen.push([state, options]);
      if (transitioning) inTransition.push(String(state));
    });
    router.update("loading");
    router.update("idle");
    expect(seen).toEqual([
      ["loading", {}],
      ["idle", {}],
    ]);
    expect(inTransition).toEqual(["loading", "idle"]);

    unsubscribe();
    router.update("after");
    expect(seen).toHaveLength(2);
  });

  test("an update the router asks to flush at once is not made a transition", () => {
    const target: { __remixRouter?: unknown } = {};
    const transition = vi.fn((update: () => void) => update());
    routerUpdatesAsTransitions(target, "__remixRouter", transition);
    const router = fakeRouter();
    target.__remixRouter = router;
    const subscriber = vi.fn();
    router.subscribe(subscriber);
    router.update("submitting", { flushSync: true });
    expect(subscriber).toHaveBeenCalledWith("submitting", { flushSync: true });
    expect(transition).not.toHaveBeenCalled();
  });
});

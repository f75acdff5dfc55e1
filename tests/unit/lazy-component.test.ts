import { createElement, Suspense, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, test, vi } from "vitest";
import { lazyComponent } from "~/utils/lazy-component";

type Props = { name: string };
const Greeting = ({ name }: Props) => createElement("p", null, `Hello ${name}`);

/** The component inside a Suspense boundary, rendered as the server renders a page. */
const html = (Component: ComponentType<Props>) =>
  renderToString(createElement(Suspense, { fallback: createElement("p", null, "loading") }, createElement(Component, { name: "Ada" })));

describe("lazyComponent", () => {
  test("once its code is loaded, it renders at once, never its fallback", async () => {
    const load = vi.fn(async () => ({ default: Greeting }));
    const LazyGreeting = lazyComponent(load);
    await LazyGreeting.preload();
    expect(html(LazyGreeting)).toBe("<!--$--><p>Hello Ada</p><!--/$-->");
    expect(html(LazyGreeting)).toBe("<!--$--><p>Hello Ada</p><!--/$-->");
    expect(load).toHaveBeenCalledTimes(1);
  });

  test("on the server it starts loading by itself, so the page's HTML has the component, not a fallback", async () => {
    expect(import.meta.env.SSR).toBe(true);
    const load = vi.fn(async () => ({ default: Greeting }));
    const LazyGreeting = lazyComponent(load);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(html(LazyGreeting)).toBe("<!--$--><p>Hello Ada</p><!--/$-->"));
  });

  test("while its code is not there it suspends: the fallback, then the component", async () => {
    let resolve!: (module: { default: ComponentType<Props> }) => void;
    const LazyGreeting = lazyComponent<Props>(() => new Promise((done) => (resolve = done)));
    expect(html(LazyGreeting)).toContain("loading");
    resolve({ default: Greeting });
    await LazyGreeting.preload();
    expect(html(LazyGreeting)).toBe("<!--$--><p>Hello Ada</p><!--/$-->");
  });
});

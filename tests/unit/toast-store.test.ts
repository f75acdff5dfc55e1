import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { createToastStore, TOAST_LIMIT, TOAST_REMOVE_DELAY, TOAST_VISIBLE_LIMIT } from "~/components/toast/toast-store";

// The notification rules of SPEC §9: 1 toast held (open) at a time, a dismissed toast hidden at once
// and removed from the store 1,000,000 ms later, and at most 3 rendered.

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const open = (store: ReturnType<typeof createToastStore>) => store.get().filter((item) => item.open);
const titles = (store: ReturnType<typeof createToastStore>) => store.get().map((item) => `${item.title}${item.open ? "" : " (closed)"}`);

test("SPEC §9 constants", () => {
  expect(TOAST_LIMIT).toBe(1);
  expect(TOAST_VISIBLE_LIMIT).toBe(3);
  expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
});

test("the store holds one toast: a new one replaces the open one, which closes", () => {
  const store = createToastStore();
  store.toast({ title: "First" });
  expect(titles(store)).toEqual(["First"]);
  store.toast({ title: "Second" });
  expect(open(store).map((item) => item.title)).toEqual(["Second"]);
  expect(titles(store)).toEqual(["Second", "First (closed)"]);
});

test("a dismissed toast is hidden at once and leaves the store after TOAST_REMOVE_DELAY, not before", () => {
  const store = createToastStore();
  const id = store.toast({ title: "Saved", variant: "success" });
  store.dismiss(id);
  expect(open(store)).toEqual([]);
  expect(store.get()).toEqual([expect.objectContaining({ id, open: false })]);
  vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
  expect(store.get()).toHaveLength(1);
  vi.advanceTimersByTime(1);
  expect(store.get()).toEqual([]);
});

test("a replaced toast is removed TOAST_REMOVE_DELAY after it was replaced", () => {
  const store = createToastStore();
  store.toast({ title: "First" });
  vi.advanceTimersByTime(10_000);
  store.toast({ title: "Second" });
  vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
  expect(titles(store)).toEqual(["Second", "First (closed)"]);
  vi.advanceTimersByTime(1);
  expect(titles(store)).toEqual(["Second"]);
});

test("at most 3 are rendered, newest first, and only the newest is open", () => {
  const store = createToastStore();
  for (const title of ["One", "Two", "Three", "Four", "Five"]) store.toast({ title });
  expect(titles(store)).toEqual(["Five", "Four (closed)", "Three (closed)"]);
  expect(open(store)).toHaveLength(1);
  // Toasts already gone from the store stay gone when their removal time comes.
  vi.advanceTimersByTime(TOAST_REMOVE_DELAY);
  expect(titles(store)).toEqual(["Five"]);
});

test("a toast is shown once per id; the server's toast is there from the start", () => {
  const store = createToastStore({ id: "server-1", title: "You're already signed in" });
  expect(titles(store)).toEqual(["You're already signed in"]);
  expect(store.toast({ id: "server-1", title: "You're already signed in" })).toBe("server-1");
  expect(store.get()).toHaveLength(1);
  const a = store.toast({ title: "A" });
  const b = store.toast({ title: "B" });
  expect(a).not.toBe(b);
});

test("subscribers hear every change: add, dismiss and removal", () => {
  const store = createToastStore();
  const listener = vi.fn();
  store.subscribe(listener);
  const id = store.toast({ title: "Hello" });
  expect(listener).toHaveBeenCalledTimes(1);
  store.dismiss(id);
  expect(listener).toHaveBeenCalledTimes(2);
  vi.advanceTimersByTime(TOAST_REMOVE_DELAY);
  expect(listener).toHaveBeenCalledTimes(3);
  expect(store.get()).toEqual([]);
});

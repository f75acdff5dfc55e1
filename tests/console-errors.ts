import { afterEach, beforeEach, expect, vi } from "vitest";

// An unexpected console.error fails the test (installed as a setup file). A test that expects
// errors calls allowConsoleErrors() first, and asserts on the messages it returns: from then on
// they are collected there instead of failing the test.
let unexpected: string[] = [];
let expected: string[] | null = null;

export function allowConsoleErrors(): readonly string[] {
  expected ??= [];
  return expected;
}

export function installConsoleErrorGuard() {
  beforeEach(() => {
    unexpected = [];
    expected = null;
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      (expected ?? unexpected).push(args.map((arg) => (arg instanceof Error ? arg.message : typeof arg === "string" ? arg : JSON.stringify(arg))).join(" "));
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    expect(unexpected, "unexpected console.error calls").toEqual([]);
  });
}

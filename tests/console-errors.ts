import { afterEach, beforeEach, expect, vi } from "vitest";

// An unexpected console.error fails the test (installed as a setup file). A test that expects
// errors calls allowConsoleErrors() and asserts on the messages it returns.
const captured: string[] = [];
let allowed = false;

export function allowConsoleErrors(): readonly string[] {
  allowed = true;
  return captured;
}

export function installConsoleErrorGuard() {
  beforeEach(() => {
    captured.length = 0;
    allowed = false;
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      captured.push(args.map((arg) => (arg instanceof Error ? arg.message : typeof arg === "string" ? arg : JSON.stringify(arg))).join(" "));
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    if (!allowed) expect([...captured], "unexpected console.error calls").toEqual([]);
  });
}

import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Pure logic, in Node: no bindings, no build needed.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    // The files run one after another in one process, which imports each module once: a process and
    // a fresh module graph a file was half the run (87 s → 48 s for 48 files on a busy 2-core machine).
    // So a file must leave no global behind: restore fake timers in afterEach (as toast-store.test.ts
    // does), and use vi.spyOn (restored after each file) rather than vi.mock, which would stay in place
    // for the files after it.
    isolate: false,
    setupFiles: ["./tests/console-error-guard.ts"],
  },
});

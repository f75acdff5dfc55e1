import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Pure logic, in Node: no bindings, no build needed.
export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["tests/unit/**/*.test.ts"],
    environment: "node",
    setupFiles: ["./tests/console-error-guard.ts"],
  },
});

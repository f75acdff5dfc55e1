import { describe } from "vitest";
import { sweepActions } from "./action-sweep";

// The second half of the sweep of tests/security/bad-input.test.ts (see action-sweep.ts).
describe("sweep: every action, every wrong body", () => {
  sweepActions(1, 2);
});

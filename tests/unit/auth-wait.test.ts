import { expect, test } from "vitest";
import { describeWait } from "~/auth/sign-in-responses.server";

test("a rate limit's wait is said in whole minutes, rounded up, and in hours from an hour", () => {
  expect(describeWait(1)).toBe("a minute");
  expect(describeWait(60)).toBe("a minute");
  expect(describeWait(61)).toBe("2 minutes");
  expect(describeWait(14 * 60 + 5)).toBe("15 minutes");
  expect(describeWait(59 * 60 + 1)).toBe("an hour");
  expect(describeWait(60 * 60)).toBe("an hour");
  expect(describeWait(60 * 60 + 1)).toBe("2 hours");
  // A window that has just ended still asks for a moment rather than for nothing.
  expect(describeWait(0)).toBe("a minute");
});

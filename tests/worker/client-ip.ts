import { expect } from "vitest";
import { clientAddressFor } from "../client-address";

/**
 * This test's client address, from its file and name: rate limits and storage are shared by the
 * tests of a file, so each test posts from an address of its own. A `label` gives the same test
 * another address ("elsewhere", "stranger"…).
 */
export function testClientIp(label = "") {
  const { testPath = "", currentTestName = "" } = expect.getState();
  return clientAddressFor(`${testPath}\u0000${currentTestName}\u0000${label}`);
}

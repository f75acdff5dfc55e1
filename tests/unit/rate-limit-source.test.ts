import { expect, expectTypeOf, test } from "vitest";
import { consumeRateLimit, peekRateLimit, sourceOfAddress } from "~/platform/rate-limit.server";

// Pen-test finding: limits that keyed on the full address let one IPv6 subscriber rotate through its
// /64, and an IPv4-mapped address or a value that isn't an address at all made a bucket of its own.
// Every limit now counts one source: the IPv4 address, or the IPv6 /64, whatever its spelling.

const IPV4 = "198.51.100.7";

test("every spelling of an address inside one IPv6 /64 is one source", () => {
  const spellings = [
    "2001:db8:85a3:42::1",
    "2001:0db8:85a3:0042:0000:0000:0000:0001",
    "2001:DB8:85A3:42::ABCD",
    "2001:db8:85a3:42:ffff:ffff:ffff:ffff",
    "2001:db8:85a3:42:1:2:3:4",
    "2001:db8:85a3:42::",
    "2001:db8:85a3:42::192.0.2.33",
    "2001:db8:85a3:42::1%eth0",
    "2001:db8:85a3:42::9%25en0",
    "[2001:db8:85a3:42::1]",
    " 2001:db8:85a3:42::7 ",
  ];
  const sources = new Set(spellings.map(sourceOfAddress));
  expect([...sources]).toHaveLength(1);
  // The neighbouring /64s, and a /64 that merely shares digits, are other sources.
  for (const other of ["2001:db8:85a3:43::1", "2001:db8:85a3::1", "2001:db8::85a3:42:0:1", "2001:db9:85a3:42::1"]) {
    expect(sources.has(sourceOfAddress(other)), other).toBe(false);
  }
});

test("an IPv4-mapped IPv6 address counts as its IPv4 address, and two mapped addresses are two sources", () => {
  const spellings = [
    `::ffff:${IPV4}`,
    `::FFFF:${IPV4}`,
    `0:0:0:0:0:ffff:${IPV4}`,
    `0000:0000:0000:0000:0000:FFFF:${IPV4}`,
    "::ffff:c633:6407",
    "0:0:0:0:0:ffff:C633:6407",
    `[::ffff:${IPV4}]`,
    ` ${IPV4} `,
  ];
  for (const spelling of spellings) expect(sourceOfAddress(spelling), spelling).toBe(sourceOfAddress(IPV4));
  expect(sourceOfAddress("::ffff:198.51.100.8")).not.toBe(sourceOfAddress(IPV4));
  expect(sourceOfAddress("::ffff:198.51.100.8")).toBe(sourceOfAddress("198.51.100.8"));
  // IPv4 addresses are counted one by one, as before.
  expect(sourceOfAddress("198.51.100.8")).not.toBe(sourceOfAddress(IPV4));
});

test("malformed values never throw, and all of them share one source", () => {
  const junk = [
    "",
    "   ",
    "unknown",
    "not an address",
    "1.2.3",
    "1.2.3.4.5",
    "256.1.1.1",
    "1.2.3.-4",
    "01.2.3.4",
    "1.2.3.4:443",
    ":::",
    "1::2::3",
    ":1:2:3:4:5:6:7",
    "gggg::1",
    "12345::",
    "2001:db8:85a3:42:1:2:3:4:5",
    "2001:db8:85a3:42:1:2:3",
    "::ffff:1.2.3.999",
    "::1.2.3.4:5",
    "2001:db8::%",
    "[::1",
    "\u0000",
    "<script>alert(1)</script>",
    "x".repeat(100_000),
    `${"1:".repeat(5_000)}1`,
  ];
  const sources = junk.map((value) => {
    expect(() => sourceOfAddress(value), JSON.stringify(value.slice(0, 40))).not.toThrow();
    return sourceOfAddress(value);
  });
  expect(new Set(sources).size).toBe(1);
  // …a source no address has.
  for (const address of ["0.0.0.0", "::", IPV4, "2001:db8::1"]) expect(sources[0]).not.toBe(sourceOfAddress(address));
});

test("limits take a source or a named subject, never a raw address", () => {
  // A type-level check (npm run typecheck): a string is not a limit's subject; sourceOfAddress makes one.
  expectTypeOf<string>().not.toExtend<Parameters<typeof consumeRateLimit>[2]>();
  expectTypeOf<string>().not.toExtend<Parameters<typeof peekRateLimit>[2]>();
  expectTypeOf(sourceOfAddress(IPV4)).toExtend<Parameters<typeof consumeRateLimit>[2]>();
});

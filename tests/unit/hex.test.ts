import { expect, test } from "vitest";
import { randomHex, sha256Hex, toHex } from "~/utils/hex";

test("sha256Hex gives the FIPS 180-2 digest of 'abc', whole or cut to its first bytes", async () => {
  const abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
  expect(await sha256Hex("abc")).toBe(abc);
  expect(await sha256Hex("abc", 12)).toBe(abc.slice(0, 24));
});

test("toHex pads every byte to two digits, and randomHex makes that many bytes", () => {
  expect(toHex(new Uint8Array([0, 15, 16, 255]))).toBe("000f10ff");
  expect(randomHex(8)).toMatch(/^[0-9a-f]{16}$/);
});

import bcrypt from "bcryptjs";
import { expect, test } from "vitest";
import { hashPassword, needsRehash, verifyPassword, weakPasswordReasons } from "~/auth/password.server";

test("scrypt hashes carry their parameters and verify", async () => {
  const hash = await hashPassword("Correct-Horse-Battery-42");
  expect(hash).toMatch(/^\$scrypt\$ln=15,r=8,p=3\$[\w-]{22}\$[\w-]{43}$/);
  expect(await verifyPassword("Correct-Horse-Battery-42", hash)).toBe(true);
  expect(await verifyPassword("correct-horse-battery-42", hash)).toBe(false);
  expect(needsRehash(hash)).toBe(false);
});

test("two hashes of one password differ (random salt)", async () => {
  expect(await hashPassword("Same-Password-123")).not.toBe(await hashPassword("Same-Password-123"));
});

test("bcrypt hashes from a Supabase export verify and are marked for rehashing", async () => {
  const hash = bcrypt.hashSync("Imported-Pass-55", 4);
  expect(await verifyPassword("Imported-Pass-55", hash)).toBe(true);
  expect(await verifyPassword("wrong", hash)).toBe(false);
  expect(needsRehash(hash)).toBe(true);
  expect(needsRehash("$scrypt$ln=14,r=8,p=1$abc$def")).toBe(true);
});

test("garbage and missing hashes never verify", async () => {
  expect(await verifyPassword("x", null)).toBe(false);
  expect(await verifyPassword("x", "plaintext")).toBe(false);
});

test("passwords are 8–72 characters and not a common password", () => {
  expect(weakPasswordReasons("Sh0rt!")?.reasons).toEqual(["length"]);
  expect(weakPasswordReasons("a".repeat(73))?.reasons).toEqual(["length"]);
  expect(weakPasswordReasons("Password123")?.reasons).toEqual(["pwned"]);
  expect(weakPasswordReasons("qwerty123")?.reasons).toEqual(["pwned"]);
  expect(weakPasswordReasons("Tidy-Ledger-Sunrise-8")).toBeNull();
});

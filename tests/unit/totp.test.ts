import { expect, test } from "vitest";
import { base32Decode, base32Encode, generateSecret, generateTotp, hotp, otpauthUri, timeStep, verifyTotp, type TotpAlgorithm } from "~/auth/totp";

const ascii = (text: string) => new TextEncoder().encode(text);

// RFC 6238 Appendix B: the seeds are ASCII digits of the hash's length; 8 digits, 30 s steps.
const RFC6238_SEEDS: Record<TotpAlgorithm, string> = {
  "SHA-1": "12345678901234567890",
  "SHA-256": "12345678901234567890123456789012",
  "SHA-512": "1234567890123456789012345678901234567890123456789012345678901234",
};
const RFC6238_VECTORS: [seconds: number, step: string, sha1: string, sha256: string, sha512: string][] = [
  [59, "0000000000000001", "94287082", "46119246", "90693936"],
  [1111111109, "00000000023523EC", "07081804", "68084774", "25091201"],
  [1111111111, "00000000023523ED", "14050471", "67062674", "99943326"],
  [1234567890, "000000000273EF07", "89005924", "91819424", "93441116"],
  [2000000000, "0000000003F940AA", "69279037", "90698825", "38618901"],
  [20000000000, "0000000027BC86AA", "65353130", "77737706", "47863826"],
];

test.each(RFC6238_VECTORS)("RFC 6238 test vector at T=%i s (step %s)", async (seconds, stepHex, sha1, sha256, sha512) => {
  expect(timeStep(seconds * 1000)).toBe(parseInt(stepHex, 16));
  const expected: Record<TotpAlgorithm, string> = { "SHA-1": sha1, "SHA-256": sha256, "SHA-512": sha512 };
  for (const algorithm of ["SHA-1", "SHA-256", "SHA-512"] as const) {
    const secret = base32Encode(ascii(RFC6238_SEEDS[algorithm]));
    expect(await generateTotp(secret, seconds * 1000, { digits: 8, algorithm }), algorithm).toBe(expected[algorithm]);
    expect(await verifyTotp(secret, expected[algorithm], seconds * 1000, { digits: 8, algorithm, skew: 0 }), algorithm).toBe(parseInt(stepHex, 16));
  }
});

test("RFC 4226 Appendix D HOTP values (the truncation TOTP builds on)", async () => {
  const expected = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"];
  const key = new Uint8Array(ascii("12345678901234567890"));
  for (const [counter, code] of expected.entries()) expect(await hotp(key, counter)).toBe(code);
});

test("base32 matches the RFC 4648 §10 vectors (unpadded) and round-trips", () => {
  const vectors: [string, string][] = [
    ["", ""],
    ["f", "MY"],
    ["fo", "MZXQ"],
    ["foo", "MZXW6"],
    ["foob", "MZXW6YQ"],
    ["fooba", "MZXW6YTB"],
    ["foobar", "MZXW6YTBOI"],
  ];
  for (const [plain, encoded] of vectors) {
    expect(base32Encode(ascii(plain))).toBe(encoded);
    expect(new TextDecoder().decode(base32Decode(encoded))).toBe(plain);
  }
  // What people type: lower case, spaces, hyphens, padding.
  expect(new TextDecoder().decode(base32Decode("mzxw 6ytb-oi======"))).toBe("foobar");
  expect(() => base32Decode("MZXW1")).toThrow();
  const bytes = crypto.getRandomValues(new Uint8Array(37));
  expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
});

test("a new secret is 160 random bits in 32 base32 characters", () => {
  const secret = generateSecret();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(base32Decode(secret)).toHaveLength(20);
  expect(generateSecret()).not.toBe(secret);
});

test("defaults are what authenticator apps assume: SHA-1, 6 digits, 30 s", async () => {
  const secret = base32Encode(ascii(RFC6238_SEEDS["SHA-1"]));
  // The 6-digit code is the last six digits of the 8-digit one (same truncated value, mod 10^6).
  expect(await generateTotp(secret, 59_000)).toBe("287082");
  expect(await generateTotp(secret, 1_111_111_109_000)).toBe("081804");
  expect(await generateTotp(secret, 60_000)).not.toBe(await generateTotp(secret, 59_000));
});

test("verification accepts one step of skew either way, and no more", async () => {
  // A fixed secret and time (the RFC seed), so the five codes around `now` are known to differ.
  const secret = base32Encode(ascii(RFC6238_SEEDS["SHA-1"]));
  const now = 1_700_000_015_000;
  const step = timeStep(now);
  const at = (offsetSteps: number) => generateTotp(secret, now + offsetSteps * 30_000);
  const [twoBack, oneBack, current, oneAhead, twoAhead] = await Promise.all([at(-2), at(-1), at(0), at(1), at(2)]);
  expect(new Set([twoBack, oneBack, current, oneAhead, twoAhead]).size).toBe(5);
  expect(await verifyTotp(secret, current!, now)).toBe(step);
  expect(await verifyTotp(secret, oneBack!, now)).toBe(step - 1);
  expect(await verifyTotp(secret, oneAhead!, now)).toBe(step + 1);
  expect(await verifyTotp(secret, twoBack!, now)).toBeNull();
  expect(await verifyTotp(secret, twoAhead!, now)).toBeNull();
  expect(await verifyTotp(secret, oneBack!, now, { skew: 0 })).toBeNull();
  expect(await verifyTotp(secret, current!, now, { skew: 0 })).toBe(step);
});

test("a code already accepted (afterStep) cannot be replayed inside its window", async () => {
  const secret = generateSecret();
  const now = 1_700_000_015_000;
  const step = timeStep(now);
  const code = await generateTotp(secret, now);
  expect(await verifyTotp(secret, code, now, { afterStep: step - 1 })).toBe(step);
  expect(await verifyTotp(secret, code, now, { afterStep: step })).toBeNull();
  // Still refused 30 s later, when the same code would otherwise pass as "one step behind".
  expect(await verifyTotp(secret, code, now + 30_000, { afterStep: step })).toBeNull();
  // The next step's code is fine.
  expect(await verifyTotp(secret, await generateTotp(secret, now + 30_000), now + 30_000, { afterStep: step })).toBe(step + 1);
});

test("malformed codes and secrets are rejected, not thrown", async () => {
  const secret = generateSecret();
  const code = await generateTotp(secret, 1_000_000_000_000);
  expect(await verifyTotp(secret, ` ${code} `, 1_000_000_000_000)).toBe(timeStep(1_000_000_000_000));
  for (const bad of ["", "12345", "1234567", "12a456", "１２３４５６", "123 456"]) {
    expect(await verifyTotp(secret, bad, 1_000_000_000_000), JSON.stringify(bad)).toBeNull();
  }
  expect(await verifyTotp("not base32!", "123456")).toBeNull();
});

test("the otpauth URI follows the Key Uri Format with the issuer in label and parameter", () => {
  const uri = otpauthUri({ secret: "JBSWY3DPEHPK3PXP", issuer: "ClarityAI Coaching", account: "sam@example.com.au" });
  expect(uri).toBe(
    "otpauth://totp/ClarityAI%20Coaching:sam@example.com.au?secret=JBSWY3DPEHPK3PXP&issuer=ClarityAI%20Coaching&algorithm=SHA1&digits=6&period=30",
  );
  const parsed = new URL(uri);
  expect(parsed.protocol).toBe("otpauth:");
  expect(parsed.searchParams.get("secret")).toBe("JBSWY3DPEHPK3PXP");
  expect(parsed.searchParams.get("issuer")).toBe("ClarityAI Coaching");
  // A colon or ampersand in a name cannot break the label or the query.
  const odd = otpauthUri({ secret: "JBSWY3DPEHPK3PXP", issuer: "A:B&C", account: "x&y@example.com" });
  expect(new URL(odd).searchParams.get("issuer")).toBe("A:B&C");
  expect(odd).toContain("/A%3AB%26C:x%26y@example.com?");
});

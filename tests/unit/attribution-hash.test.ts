import { expect, test } from "vitest";
import { hashIdentifiers, normaliseEmail, normaliseEmailForGoogle, normalisePhone } from "~/attribution/forwarding.server";
import { googleAdsDateTime } from "~/attribution/google-ads.server";

// SHA-256 of the normalised strings, worked out independently (printf '%s' … | sha256sum).
const SHA = {
  "test@example.com": "973dfe463ec85785f5f95af5ba3906eedb2d931c24e69824a89ea65dba4e813b",
  "janecitizen@gmail.com": "dfeed51f557c4cf5797a1cc34f09bcfafb5c2b59d91d6666f49212079b3a449d",
  "jane.citizen@gmail.com": "80c79cae1daa36adaaf475a7afc798bd71bd2deeadc2c0143ef38b39707cf831",
  "jane.citizen@example.com.au": "4eed436ebab257ee4278010071f84beee589eba1d73f23cf2ab632fb34359be0",
  "+61412345678": "bc65da54a3ddbacfdc93a0400f0a2d78e41c2180c8255015e9616facfe56f58a",
  "61412345678": "222e24d90b23ba2af558a2891bfa399f19a7eb9f33df34a7d6809b97c5a97246",
  "+61298765432": "c10441e495def4d8686808fa3dd791b173ae51a82901694fb71ceaf47b2b86d3",
  "+16505551212": "1e231c66011e7a2d867a9cfae267a6aff103cf4913640b6e71a99850fc0ffbc8",
};

test("an email is trimmed and lower-cased; Gmail's dots are removed for Google only", async () => {
  expect(normaliseEmail("  Test@Example.COM ")).toBe("test@example.com");
  expect(normaliseEmailForGoogle("  Test@Example.COM ")).toBe("test@example.com");
  expect(normaliseEmailForGoogle("Jane.Citizen@Gmail.com")).toBe("janecitizen@gmail.com");
  expect(normaliseEmailForGoogle("jane.citizen@googlemail.com")).toBe("janecitizen@googlemail.com");
  // Dots elsewhere (and in other domains) are part of the address.
  expect(normaliseEmailForGoogle("Jane.Citizen@Example.com.au")).toBe("jane.citizen@example.com.au");

  expect(await hashIdentifiers({ email: " Test@Example.com" })).toEqual({ emailSha256: SHA["test@example.com"], metaEmailSha256: SHA["test@example.com"] });
  expect(await hashIdentifiers({ email: "Jane.Citizen@GMAIL.com " })).toEqual({
    emailSha256: SHA["janecitizen@gmail.com"],
    metaEmailSha256: SHA["jane.citizen@gmail.com"],
  });
});

test("Australian numbers become E.164 however they are written; other countries keep their code", () => {
  for (const written of [
    "0412 345 678",
    "0412-345-678",
    "(04) 1234 5678",
    "+61 412 345 678",
    "+61 (0)412 345 678",
    "61412345678",
    "412 345 678",
    "0011 61 412 345 678",
  ]) {
    expect(normalisePhone(written), written).toBe("+61412345678");
  }
  expect(normalisePhone("(02) 9876 5432")).toBe("+61298765432");
  expect(normalisePhone("02.9876.5432")).toBe("+61298765432");
  expect(normalisePhone("+1 (650) 555-1212")).toBe("+16505551212");
  expect(normalisePhone("0011 1 650 555 1212")).toBe("+16505551212");
});

test("a phone number that cannot be dialled is left out", () => {
  for (const written of [
    "",
    "   ",
    "0412 345 67",
    "0412 345 6789",
    "1300 123 456",
    "+61 412 345 67",
    "0412 ABC 678",
    "+",
    "+0412345678",
    "ext 12",
    "+1234567",
  ]) {
    expect(normalisePhone(written), written).toBeNull();
  }
  expect(normalisePhone(null)).toBeNull();
  expect(normalisePhone(undefined)).toBeNull();
});

test("hashIdentifiers hashes the E.164 phone for Google and its digits for Meta", async () => {
  expect(await hashIdentifiers({ phone: "0412 345 678" })).toEqual({ phoneSha256: SHA["+61412345678"], metaPhoneSha256: SHA["61412345678"] });
  expect((await hashIdentifiers({ phone: "(02) 9876 5432" })).phoneSha256).toBe(SHA["+61298765432"]);
  expect((await hashIdentifiers({ phone: "+1 650 555 1212" })).phoneSha256).toBe(SHA["+16505551212"]);
});

test("nothing usable gives no identifiers at all", async () => {
  expect(await hashIdentifiers()).toEqual({});
  expect(await hashIdentifiers({ email: null, phone: null })).toEqual({});
  expect(await hashIdentifiers({ email: "  ", phone: "" })).toEqual({});
  expect(await hashIdentifiers({ email: "not an email", phone: "call me" })).toEqual({});
  expect(await hashIdentifiers({ email: "jane@", phone: "12" })).toEqual({});
});

test("Google Ads conversion times are Sydney wall-clock time with that day's offset", () => {
  // AEDT (+11:00) in January, AEST (+10:00) in July.
  expect(googleAdsDateTime(new Date("2026-01-15T03:04:05.678Z"))).toBe("2026-01-15 14:04:05+11:00");
  expect(googleAdsDateTime(new Date("2026-07-15T03:04:05Z"))).toBe("2026-07-15 13:04:05+10:00");
  // Across midnight and the daylight-saving change (5 April 2026, 3 am AEDT → 2 am AEST).
  expect(googleAdsDateTime(new Date("2026-04-04T15:59:59Z"))).toBe("2026-04-05 02:59:59+11:00");
  expect(googleAdsDateTime(new Date("2026-04-04T16:00:00Z"))).toBe("2026-04-05 02:00:00+10:00");
});

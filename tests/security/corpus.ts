// The fuzz corpus: hostile and awkward values replayed into every form field, JSON field, query
// parameter, path segment and header that tests/security/targets.ts lists. Each payload has a short
// label so a finding reads as "POST /contact · name · html-img-onerror" rather than 100 KB of noise.

export type Payload = { readonly label: string; readonly value: string };
export type JsonPayload = { readonly label: string; readonly value: unknown };

/** Markup that must never come back unescaped in an HTML page (the reflection check looks for these). */
export const MARKUP = ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "<svg/onload=alert(1)>", "<iframe srcdoc=x>"] as const;

const strings: [string, string][] = [
  // Sizes
  ["empty", ""],
  ["spaces", "   "],
  ["newlines", "\n\n\r\n"],
  ["long-10k", "a".repeat(10_000)],
  ["long-100k", "A".repeat(100_000)],
  ["long-1m", "x".repeat(1_000_000)],
  ["emoji-20k-bytes", "😀".repeat(5_000)],
  // Unicode
  ["emoji", "😀🚀👩‍👩‍👧‍👦🇦🇺"],
  ["rtl", "\u202Eevil\u202C مرحبا שלום"],
  ["combining", "Z̴̡̪̫͖̥̔̿̃̈̏̎͠͝á̵̢̛͈͔͓̘͇̞̫̮͌̄l̸̢̛͎̱̻̜̠̓̏̔g̶̨̹̺̼͇̋o̷̯̟̝̟̍"],
  // JSON.stringify writes these as \ud800 and \udfff: the realistic wire form of a lone surrogate.
  ["lone-surrogate-high", "\uD800"],
  ["lone-surrogate-low", "a\uDFFFb"],
  ["zero-width-bom", "\uFEFFa\u200Bb\u200D"],
  ["fullwidth", "ｅｘａｍｐｌｅ＠ｅｘａｍｐｌｅ．ｃｏｍ"],
  ["ligature-nfkc", "ﬀﬁ\u2126\u212B"],
  // Bytes that upset parsers and logs
  ["nul", "a\u0000b"],
  ["nul-only", "\u0000"],
  ["control-chars", "\u0001\u0007\b\t\u000b\f\u001b[31m\u007f\u0085"],
  ["crlf-header-injection", "foo\r\nSet-Cookie: pwned=1\r\n\r\n<html>"],
  ["percent-bad", "%E0%A4%A%ZZ%"],
  // Markup (the reflection check)
  ["html-script", "<script>alert(1)</script>"],
  ["html-img-onerror", '"><img src=x onerror=alert(1)>'],
  ["html-svg", "'><svg/onload=alert(1)>"],
  ["html-textarea-breakout", "</textarea></title><script>alert(1)</script>"],
  ["html-iframe", "<iframe srcdoc=x></iframe>"],
  ["javascript-url", "javascript:alert(1)"],
  ["template", "{{7*7}}${7*7}<%= 7*7 %>"],
  // SQL and LIKE
  ["sql-or", "' OR 1=1 --"],
  ["sql-drop", '"; DROP TABLE users; --'],
  ["sql-union", "' UNION SELECT NULL, sqlite_version() --"],
  ["like-percent", "%"],
  ["like-underscore", "_"],
  ["backslash", "\\"],
  ["like-mixed", "%_\\%\\_\\\\"],
  // Paths and URLs
  ["path-traversal", "../../../../etc/passwd"],
  ["path-traversal-encoded", "..%2F..%2F..%2Fetc%2Fpasswd"],
  ["url-protocol-relative", "//evil.example/"],
  ["url-backslash", "/\\evil.example"],
  ["url-absolute", "https://evil.example/"],
  // Emails
  ["email-long-local", `${"a".repeat(300)}@example.com.au`],
  ["email-long-domain", `fuzz@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.${"e".repeat(63)}.com`],
  ["email-quoted-markup", '"<script>alert(1)</script>"@example.com'],
  ["email-unicode", "usér@exämple.com"],
  ["email-plus-upper", " FUZZ+Tag@Example.COM.AU "],
  ["email-two-ats", "a@b@example.com"],
  // Numbers and words that a loose parser might coerce
  ["zero", "0"],
  ["negative", "-1"],
  ["float", "1.5"],
  ["huge-int", "99999999999999999999999999"],
  ["exp", "1e308"],
  ["nan", "NaN"],
  ["infinity", "Infinity"],
  ["hex", "0x10"],
  ["word-null", "null"],
  ["word-true", "true"],
  ["word-undefined", "undefined"],
  ["proto", "__proto__"],
  ["format-string", "%s%s%s%n%x"],
];

export const STRING_PAYLOADS: readonly Payload[] = strings.map(([label, value]) => ({ label, value }));

/**
 * The smaller set for fields where every request costs a password hash (~160 ms of CPU: sign-in
 * and sign-up passwords): one of each kind.
 */
const CORE_LABELS = new Set([
  "empty",
  "long-10k",
  "long-1m",
  "emoji",
  "lone-surrogate-high",
  "nul",
  "control-chars",
  "html-script",
  "html-img-onerror",
  "sql-or",
  "like-mixed",
  "path-traversal",
  "email-long-local",
  "email-quoted-markup",
  "huge-int",
  "proto",
]);
export const CORE_PAYLOADS: readonly Payload[] = STRING_PAYLOADS.filter((p) => CORE_LABELS.has(p.label));

/** One of each of the likeliest troublemakers, for fields where an accepted request costs a password hash. */
const FEW_LABELS = new Set(["long-10k", "emoji", "lone-surrogate-high", "nul", "html-script", "html-img-onerror", "sql-or"]);
export const FEW_PAYLOADS: readonly Payload[] = STRING_PAYLOADS.filter((p) => FEW_LABELS.has(p.label));

/** Values a URL or header can carry at all (no 1 MB URLs: Cloudflare refuses those before the Worker). */
export const URL_PAYLOADS: readonly Payload[] = STRING_PAYLOADS.filter((p) => p.value.length <= 100_000);

/** Header values must be printable ASCII (no CR, LF or NUL; no 16 KB+ values, which the platform refuses first). */
export const HEADER_PAYLOADS: readonly Payload[] = STRING_PAYLOADS.filter((p) => p.value.length <= 16_000 && /^[\t\x20-\x7e]*$/.test(p.value));

function nested(depth: number): unknown {
  let value: unknown = "deep";
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** Non-string JSON values, for every JSON field (the API must answer 400, never choke). */
export const TYPE_PAYLOADS: readonly JsonPayload[] = [
  { label: "type-number", value: 12345 },
  { label: "type-float", value: -0.5 },
  { label: "type-big", value: 1e308 },
  { label: "type-true", value: true },
  { label: "type-false", value: false },
  { label: "type-null", value: null },
  { label: "type-array", value: ["a", "b"] },
  { label: "type-empty-array", value: [] },
  { label: "type-object", value: { $gt: "" } },
  { label: "type-empty-object", value: {} },
  { label: "type-proto-object", value: JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}') as unknown },
  { label: "type-deep-object", value: nested(3_000) },
];

/** Object values for fields that take an object (user metadata `data`). */
export const OBJECT_PAYLOADS: readonly JsonPayload[] = [
  { label: "obj-markup-names", value: { first_name: "<script>alert(1)</script>", last_name: '"><img src=x onerror=alert(1)>' } },
  { label: "obj-number-names", value: { first_name: 42, last_name: ["x"] } },
  { label: "obj-surrogate-key", value: { "\uD800": "\uDFFF", first_name: "\uD800" } },
  { label: "obj-nul", value: { first_name: "a\u0000b", "k\u0000": 1 } },
  { label: "obj-long-key", value: { ["k".repeat(10_000)]: 1 } },
  { label: "obj-many-keys", value: Object.fromEntries(Array.from({ length: 2_000 }, (_, i) => [`k${i}`, i])) },
  { label: "obj-big-value", value: { first_name: "n".repeat(60_000) } },
  { label: "obj-proto", value: JSON.parse('{"__proto__":{"role":"admin"},"constructor":{"prototype":{"admin":true}}}') as unknown },
  { label: "obj-roles", value: { role: "service_role", roles: ["admin"], app_metadata: { roles: ["admin"] } } },
  { label: "obj-deep", value: nested(3_000) },
  { label: "obj-deep-shallow", value: nested(64) },
];

/**
 * Ids of Stripe objects that do not exist, for signed webhook events: well-formed ids Stripe answers
 * 404 for, and ids that are not Stripe's shape at all (which must never become another API URL).
 */
export const MISSING_STRIPE_IDS: readonly JsonPayload[] = [
  { label: "id-unknown-invoice", value: "in_fuzzDoesNotExist000000" },
  { label: "id-unknown-subscription", value: "sub_fuzzDoesNotExist00000" },
  { label: "id-unknown-customer", value: "cus_fuzzDoesNotExist00000" },
  { label: "id-unknown-session", value: "cs_test_fuzzDoesNotExist0" },
  { label: "id-unknown-charge", value: "ch_fuzzDoesNotExist000000" },
  { label: "id-unknown-payment-intent", value: "pi_fuzzDoesNotExist000000" },
  { label: "id-unknown-booking", value: "00000000-0000-4000-8000-00000000f022" },
  { label: "id-prefix-only", value: "in_" },
  { label: "id-dot-dot", value: ".." },
  { label: "id-traversal", value: "in_../../v1/customers" },
  { label: "id-encoded-traversal", value: "in_%2F..%2Fv1%2Fcustomers" },
  { label: "id-query", value: "in_x?expand[]=customer" },
  { label: "id-long", value: `in_${"a".repeat(5_000)}` },
  { label: "id-unicode", value: "in_ünïcödé😀" },
  { label: "id-padded", value: " in_padded " },
];

/** Whole-body cases for a JSON endpoint: what arrives instead of a well-formed object. */
export const RAW_JSON_BODIES: readonly Payload[] = [
  { label: "body-empty", value: "" },
  { label: "body-whitespace", value: " \n\t " },
  { label: "body-malformed", value: '{"email": "a@b.co", ' },
  { label: "body-trailing-comma", value: '{"email":"a@b.co",}' },
  { label: "body-single-quotes", value: "{'email':'a@b.co'}" },
  { label: "body-array", value: "[]" },
  { label: "body-string", value: '"just a string"' },
  { label: "body-number", value: "42" },
  { label: "body-null", value: "null" },
  { label: "body-nul-byte", value: '{"email":"a\u0000@b.co"}' },
  { label: "body-bad-escape", value: '{"email":"\\uZZZZ"}' },
  { label: "body-raw-lone-surrogate", value: '{"email":"\\ud800@example.com","password":"\\udfff"}' },
  { label: "body-deep-array", value: `${"[".repeat(20_000)}${"]".repeat(20_000)}` },
  { label: "body-over-64k", value: JSON.stringify({ email: "a@b.co", pad: "p".repeat(70_000) }) },
  { label: "body-bom", value: '\uFEFF{"email":"a@b.co"}' },
  { label: "body-proto", value: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}}}' },
];

/** Extra form fields nobody asked for: must be ignored (never stored, never echoed as markup). */
export const UNKNOWN_MARKER = "fuzz_unknown_marker";
export const UNKNOWN_FIELDS: Readonly<Record<string, string>> = {
  [UNKNOWN_MARKER]: "fuzz-unknown-value",
  __proto__field: "x",
  "constructor[prototype][admin]": "true",
  role: "admin",
  roles: "admin",
  isAdmin: "true",
  user_id: "00000000-0000-0000-0000-000000000000",
  "<script>alert(1)</script>": "<script>alert(1)</script>",
  "x\u0000y": "z",
};

// ── One source, many spellings: the IPv6 /64 variants ──────────────────────────────────────────
// Limits count a source: an IPv4 address, or an IPv6 /64. A client can write its address many ways
// and, with IPv6, pick any of the 2^64 addresses of its /64. Each spelling below is a payload for the
// CF-Connecting-IP header (which a client can set on a development server, docs/decisions/004).

/** RFC 5952 text: lower case, no leading zeros, the longest run of two or more zero groups as "::". */
function compressed(groups: readonly number[]) {
  let best = { at: -1, length: 1 };
  for (let at = 0; at < groups.length; at++) {
    let length = 0;
    while (groups[at + length] === 0) length++;
    if (length > best.length) best = { at, length };
  }
  const hex = groups.map((group) => group.toString(16));
  if (best.at < 0) return hex.join(":");
  return `${hex.slice(0, best.at).join(":")}::${hex.slice(best.at + best.length).join(":")}`;
}

const dotted = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join(".");

/** Spellings of one IPv6 address (eight 16-bit groups): the /64 it is in must be one source whatever the spelling. */
const IPV6_SPELLINGS: readonly [string, (groups: readonly number[]) => string][] = [
  ["ipv6-compressed", (g) => compressed(g)],
  ["ipv6-leading-zeros", (g) => g.map((group) => group.toString(16).padStart(4, "0")).join(":")],
  ["ipv6-upper-case", (g) => compressed(g).toUpperCase()],
  ["ipv6-uncompressed", (g) => g.map((group) => group.toString(16)).join(":")],
  ["ipv6-zone-id", (g) => `${compressed(g)}%eth0`],
  ["ipv6-zone-id-encoded", (g) => `${compressed(g)}%25en0`],
  ["ipv6-brackets", (g) => `[${compressed(g)}]`],
  [
    "ipv6-embedded-dotted-quad",
    (g) =>
      `${g
        .slice(0, 6)
        .map((group) => group.toString(16).toUpperCase())
        .join(":")}:${dotted(g[6]!, g[7]!)}`,
  ],
  ["ipv6-padded-spaces", (g) => ` ${compressed(g)} `],
];

/**
 * The IPv6 /64 variants: `count` different addresses inside the /64 whose first four groups are
 * `network`, each spelled a different way in turn. A limit must count them all as one source.
 */
export function ipv6NetworkVariants(network: readonly number[], count: number): Payload[] {
  return Array.from({ length: count }, (_, n) => {
    const [label, spell] = IPV6_SPELLINGS[n % IPV6_SPELLINGS.length]!;
    // Interface ids of their own: 1:0:0:1, 2:0:0:2… (the zero run in the middle is what "::" compresses).
    return { label, value: spell([...network, (n + 1) & 0xffff, 0, 0, (n % 7) + 1]) };
  });
}

/** Spellings of one IPv4 address, plain and IPv4-mapped (::ffff:a.b.c.d): all of them are that one IPv4 source. */
export function ipv4Variants(address: readonly [number, number, number, number], count: number): Payload[] {
  const quad = address.join(".");
  const high = ((address[0] << 8) | address[1]).toString(16);
  const low = ((address[2] << 8) | address[3]).toString(16);
  const spellings: [string, string][] = [
    ["ipv4", quad],
    ["ipv4-mapped", `::ffff:${quad}`],
    ["ipv4-mapped-upper-case", `::FFFF:${quad}`],
    ["ipv4-mapped-hex", `::ffff:${high}:${low}`],
    ["ipv4-mapped-uncompressed", `0:0:0:0:0:ffff:${quad}`],
    ["ipv4-mapped-leading-zeros", `0000:0000:0000:0000:0000:FFFF:${high.padStart(4, "0")}:${low.padStart(4, "0")}`],
    ["ipv4-mapped-brackets", `[::ffff:${quad}]`],
  ];
  return Array.from({ length: count }, (_, n) => {
    const [label, value] = spellings[n % spellings.length]!;
    return { label, value };
  });
}

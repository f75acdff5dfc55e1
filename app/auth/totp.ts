// Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP) and the base32 secrets that
// authenticator apps read. Pure: Web Crypto only, so it runs in the Worker, in Node and in tests.

export type TotpAlgorithm = "SHA-1" | "SHA-256" | "SHA-512";

export type TotpOptions = {
  /** Seconds per time step (RFC 6238 X). Authenticator apps assume 30. */
  period?: number;
  /** Code length. Authenticator apps assume 6. */
  digits?: number;
  /** HMAC hash. Authenticator apps assume SHA-1, whatever the otpauth URI says. */
  algorithm?: TotpAlgorithm;
};

const DEFAULTS = { period: 30, digits: 6, algorithm: "SHA-1" as TotpAlgorithm };

const BASE32_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** RFC 4648 base32 without padding: the form otpauth URIs and authenticator apps use. */
export function base32Encode(bytes: Uint8Array): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32_ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32_ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/**
 * Decodes base32, forgiving what people type or apps print: lower case, spaces, hyphens and
 * trailing padding. Any other character is an error rather than being skipped silently.
 */
export function base32Decode(text: string): Uint8Array<ArrayBuffer> {
  const clean = text.toUpperCase().replace(/[\s-]/g, "").replace(/=+$/, "");
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32_ALPHABET.indexOf(char);
    if (value < 0) throw new Error("Invalid base32 character");
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  }
  return new Uint8Array(out);
}

/** A new shared secret: 160 random bits (RFC 4226 §4 recommends 160), base32. */
export function generateSecret(bytes = 20): string {
  return base32Encode(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** The RFC 6238 time step T for a moment (milliseconds since the epoch). */
export function timeStep(nowMs: number, period = DEFAULTS.period): number {
  return Math.floor(nowMs / 1000 / period);
}

/** RFC 4226 HOTP: HMAC of the 8-byte big-endian counter, dynamically truncated to `digits`. */
export async function hotp(
  key: Uint8Array<ArrayBuffer>,
  counter: number,
  digits = DEFAULTS.digits,
  algorithm: TotpAlgorithm = DEFAULTS.algorithm,
): Promise<string> {
  const message = new Uint8Array(8);
  // The counter exceeds 32 bits only after the year 4000 at 30 s steps, but write all 64 anyway.
  let rest = counter;
  for (let i = 7; i >= 0; i--) {
    message[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  const hmacKey = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: algorithm }, false, ["sign"]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", hmacKey, message));
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

/** The TOTP code for a base32 secret at a moment (default: now). */
export async function generateTotp(secret: string, nowMs = Date.now(), options: TotpOptions = {}): Promise<string> {
  const { period, digits, algorithm } = { ...DEFAULTS, ...options };
  return hotp(base32Decode(secret), timeStep(nowMs, period), digits, algorithm);
}

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export type VerifyTotpOptions = TotpOptions & {
  /** Steps either side of now that still count, for clock drift and typing time (RFC 6238 §5.2). */
  skew?: number;
  /**
   * The last step this secret already accepted: only later steps count, so a code that has been
   * used once cannot be replayed while it is still inside the window.
   */
  afterStep?: number | null;
};

/**
 * Checks a code and returns the time step it matched, or null. Every step in the window is
 * computed and compared in constant time, so timing says nothing about which step matched.
 */
export async function verifyTotp(secret: string, code: string, nowMs = Date.now(), options: VerifyTotpOptions = {}): Promise<number | null> {
  const { period, digits, algorithm } = { ...DEFAULTS, ...options };
  const skew = options.skew ?? 1;
  const candidate = code.trim();
  if (candidate.length !== digits || !/^\d+$/.test(candidate)) return null;
  let key: Uint8Array<ArrayBuffer>;
  try {
    key = base32Decode(secret);
  } catch {
    return null;
  }
  const current = timeStep(nowMs, period);
  let matched: number | null = null;
  for (let step = current - skew; step <= current + skew; step++) {
    if (step < 0) continue;
    const expected = await hotp(key, step, digits, algorithm);
    const usable = options.afterStep === undefined || options.afterStep === null || step > options.afterStep;
    if (constantTimeEqual(expected, candidate) && usable && matched === null) matched = step;
  }
  return matched;
}

/**
 * The otpauth:// URI authenticator apps import (Google's Key Uri Format): label "Issuer:account",
 * the secret, and the issuer again as a parameter, which apps prefer over the label's prefix.
 */
export function otpauthUri({ secret, issuer, account, ...options }: { secret: string; issuer: string; account: string } & TotpOptions): string {
  const { period, digits, algorithm } = { ...DEFAULTS, ...options };
  // encodeURIComponent, but "@" stays readable in the label as apps display it. A lone surrogate
  // (possible in JSON-escaped input) has no UTF-8 form: it becomes U+FFFD, as Go's JSON decoder does.
  const encode = (value: string) => encodeURIComponent(value.toWellFormed()).replace(/%40/g, "@");
  const params = [`secret=${secret}`, `issuer=${encode(issuer)}`, `algorithm=${algorithm.replace("-", "")}`, `digits=${digits}`, `period=${period}`];
  return `otpauth://totp/${encode(issuer)}:${encode(account)}?${params.join("&")}`;
}

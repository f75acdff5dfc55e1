import bcrypt from "bcryptjs";
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { COMMON_PASSWORDS } from "./common-passwords";

// OWASP ASVS 5.0 Appendix C: scrypt with N=2^15, r=8, p=3. The parameters are stored with each
// hash ("$scrypt$ln=15,r=8,p=3$salt$hash"), so they can be raised later and old hashes still verify.
// (Production Workers cap PBKDF2 at 100,000 iterations, which is why this is not PBKDF2.)
export const SCRYPT_PARAMS = { ln: 15, r: 8, p: 3 } as const;
const KEY_LENGTH = 32;
export const PASSWORD_MIN_LENGTH = 8;
// bcrypt ignores everything past 72 bytes; refuse longer passwords rather than silently truncate.
export const PASSWORD_MAX_LENGTH = 72;

function scrypt(password: string, salt: Buffer, params: { ln: number; r: number; p: number }): Promise<Buffer> {
  const N = 2 ** params.ln;
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize("NFKC"), salt, KEY_LENGTH, { N, r: params.r, p: params.p, maxmem: 256 * N * params.r }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, SCRYPT_PARAMS);
  const { ln, r, p } = SCRYPT_PARAMS;
  return `$scrypt$ln=${ln},r=${r},p=${p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

/** Verifies against our scrypt hashes and against bcrypt hashes imported from a Supabase export. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  if (stored.startsWith("$2a$") || stored.startsWith("$2b$") || stored.startsWith("$2y$")) {
    return bcrypt.compare(password, stored);
  }
  const match = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(stored);
  if (!match) return false;
  const [, ln, r, p, salt, hash] = match;
  const expected = Buffer.from(hash!, "base64url");
  const actual = await scrypt(password, Buffer.from(salt!, "base64url"), { ln: Number(ln), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** True when a stored hash is bcrypt or weaker scrypt than today's parameters: rehash on sign-in. */
export function needsRehash(stored: string): boolean {
  const match = /^\$scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$/.exec(stored);
  if (!match) return true;
  return Number(match[1]) < SCRYPT_PARAMS.ln || Number(match[2]) < SCRYPT_PARAMS.r || Number(match[3]) < SCRYPT_PARAMS.p;
}

/** A dummy hash to verify against when no user matches, so timing does not reveal which emails exist. */
export const TIMING_DUMMY_HASH = "$scrypt$ln=15,r=8,p=3$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

/** The reasons a new password is refused, in GoTrue's weak_password terms (empty when it is fine). */
export function weakPasswordReasons(password: string): { reasons: ("length" | "pwned" | "characters")[]; message: string } | null {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return { reasons: ["length"], message: `Password should be at least ${PASSWORD_MIN_LENGTH} characters.` };
  }
  if (new TextEncoder().encode(password).length > PASSWORD_MAX_LENGTH) {
    return { reasons: ["length"], message: `Password cannot be longer than ${PASSWORD_MAX_LENGTH} characters.` };
  }
  if (COMMON_PASSWORDS.has(password.toLowerCase())) {
    return { reasons: ["pwned"], message: "Password is known to be weak and easy to guess, please choose a different one." };
  }
  return null;
}

// Wording several emails share.

export const EXPIRY_NOTE = "The code and link work once and expire in 1 hour.";

export const ACCOUNT_ACTIVITY_REASON = "You're receiving this because of activity on your ClarityAI Coaching account.";

/** Titles a name may start with, which a greeting skips: "Dr Sarah Chen" → "Sarah". */
const TITLES = new Set(["dr", "mr", "mrs", "ms", "miss", "mx", "prof", "professor"]);

/** The first name of a full name as typed ("Mia Cartwright" → "Mia"), or null when there is none. */
export function firstNameOf(name: string | null | undefined): string | null {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  const first = words.find((word, index) => index === words.length - 1 || !TITLES.has(word.replace(/\.$/, "").toLowerCase()));
  return first && first !== "Deleted" ? first : null;
}

/** Every email's greeting, by first name: "Hi Mia," (or "Hi there," without a name). Takes a full or a first name. */
export function greeting(name: string | null | undefined): string {
  const first = firstNameOf(name);
  return first ? `Hi ${first},` : "Hi there,";
}

/**
 * A name from the catalogue ("Free discovery call") as it reads inside a sentence or after a
 * subject's label: sentence case, "your free discovery call". Only a plain capitalised first word
 * is lowered, so names such as "ClarityAI Pro" or "BAS review" keep their capitals.
 */
export function inSentence(name: string): string {
  const [first = "", ...rest] = name.split(" ");
  return /^[A-Z][a-z]+$/.test(first) ? [first.toLowerCase(), ...rest].join(" ") : name;
}

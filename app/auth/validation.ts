// Address checks shared by the auth API and the sign-in forms.
export function isEmail(value: string): boolean {
  return value.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

/** E.164: a plus (optional here), a non-zero country code and up to 15 digits in all. */
export function isPhone(value: string): boolean {
  return /^\+?[1-9]\d{7,14}$/.test(value.replace(/[\s()-]/g, ""));
}

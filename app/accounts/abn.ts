// Australian Business Number checks, safe for the browser bundle. The checksum is the one the
// Australian Business Register publishes: subtract 1 from the first digit, weight the eleven
// digits by 10, 1, 3, 5, …, 19, and the sum must be divisible by 89.
const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;

/** The digits of an ABN as people type it (spaces and hyphens allowed), or null if it is not 11 digits. */
export function normaliseAbn(input: string): string | null {
  const digits = input.replace(/[\s-]/g, "");
  return /^\d{11}$/.test(digits) ? digits : null;
}

/** Whether the input is an ABN with a valid checksum. */
export function isValidAbn(input: string): boolean {
  const digits = normaliseAbn(input);
  // A leading zero would become -1 and is never issued.
  if (!digits || digits[0] === "0") return false;
  let sum = 0;
  for (let i = 0; i < 11; i++) {
    const digit = Number(digits[i]) - (i === 0 ? 1 : 0);
    sum += digit * ABN_WEIGHTS[i]!;
  }
  return sum % 89 === 0;
}

/** The ABN in the register's display form, "51 824 753 556". */
export function formatAbn(digits: string): string {
  const abn = normaliseAbn(digits) ?? digits;
  return abn.length === 11 ? `${abn.slice(0, 2)} ${abn.slice(2, 5)} ${abn.slice(5, 8)} ${abn.slice(8)}` : abn;
}

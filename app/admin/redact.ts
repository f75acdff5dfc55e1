// One way to show a stored payload (a Stripe event, a job message) to an admin without the personal
// data in it: names, email addresses, phone numbers, postal addresses, and card or bank details are
// replaced by "(hidden)", wherever they sit. Ids, amounts, statuses, types and times stay, so the
// admin can still tell what the payload is about. Keys are matched by name (Stripe's and ours), and
// any other string that looks like an email address or a phone number is hidden as well.

export const HIDDEN = "(hidden)";

/** Keys whose values are personal data, whatever their type (an address object is hidden whole). */
const PERSONAL_KEYS = new Set([
  "email",
  "customer_email",
  "receipt_email",
  "to",
  "toaddress",
  "to_address",
  "from",
  "name",
  "customer_name",
  "first_name",
  "last_name",
  "firstname",
  "lastname",
  "full_name",
  "fullname",
  "phone",
  "customer_phone",
  "mobile",
  "address",
  "customer_address",
  "billing_address",
  "shipping",
  "customer_shipping",
  "shipping_details",
  "billing_details",
  "customer_details",
  "line1",
  "line2",
  "city",
  "postal_code",
  "postcode",
  "card",
  "bank_account",
  "au_becs_debit",
  "payment_method_details",
  "last4",
  "exp_month",
  "exp_year",
  "fingerprint",
  "iban",
  "bsb_number",
  "account_number",
  "routing_number",
  "dob",
  "date_of_birth",
  "ip",
  "ip_address",
  "client_ip",
  "notes",
  "message",
  "body",
  "text",
  "html",
  "subject",
]);

const EMAIL_PATTERN = /[^\s@"'<>]+@[^\s@"'<>]+\.[^\s@"'<>]+/;
/** Seven or more digits, allowing spaces, dashes, dots, brackets and a leading +: a phone or card number. */
const NUMBER_PATTERN = /\+?\(?\d[\d\s().-]{5,}\d/;
/** Stripe ids (cus_…, evt_…), UUIDs and ISO times are long runs of digits that are not personal. */
const SAFE_STRING = /^([a-z]+_[A-Za-z0-9_]+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?)$/i;

function personalKey(key: string): boolean {
  return PERSONAL_KEYS.has(key.toLowerCase());
}

function redactString(value: string): string {
  if (SAFE_STRING.test(value)) return value;
  return EMAIL_PATTERN.test(value) || NUMBER_PATTERN.test(value) ? HIDDEN : value;
}

/** A copy of the value with personal data hidden (see above). Deep; the input is not changed. */
export function redactPersonalData(value: unknown, depth = 0): unknown {
  if (depth > 20) return HIDDEN;
  if (typeof value === "string") return redactString(value);
  if (Array.isArray(value)) return value.map((item) => redactPersonalData(item, depth + 1));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      out[key] = personalKey(key) && item !== null && item !== "" ? HIDDEN : redactPersonalData(item, depth + 1);
    }
    return out;
  }
  return value;
}

/** A stored JSON payload, redacted and pretty-printed for an admin; text that is not JSON is hidden whole. */
export function redactedPayload(json: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return HIDDEN;
  }
  return JSON.stringify(redactPersonalData(parsed), null, 2);
}

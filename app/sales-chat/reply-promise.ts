import { ENQUIRY_REPLY } from "~/content/business";

// The promise of when the team replies to an enquiry, in words (ENQUIRY_REPLY in
// app/content/business.ts). Browser-safe: the contact form and the admin leads list show it; the
// day and time a reply falls due are worked out on the server (reply-promise.server.ts).

export type ReplyRules = { businessDays: number; opens: string; closes: string; timeZone: string; zoneName: string; holidayState: string };

const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five"];

/** "9 am", "5 pm", "8:30 am" from "HH:MM". */
function hourLabel(value: string): string {
  const [hours = 0, minutes = 0] = value.split(":").map(Number);
  return `${hours % 12 || 12}${minutes ? `:${String(minutes).padStart(2, "0")}` : ""} ${hours < 12 ? "am" : "pm"}`;
}

/** "Monday to Friday, 9 am–5 pm Sydney time, except NSW public holidays". */
export function businessHoursText(rules: ReplyRules = ENQUIRY_REPLY): string {
  return `Monday to Friday, ${hourLabel(rules.opens)}–${hourLabel(rules.closes)} ${rules.zoneName}, except ${rules.holidayState} public holidays`;
}

/** "We reply within one business day (Monday to Friday, 9 am–5 pm Sydney time, except NSW public holidays)." */
export function replyPromiseText(rules: ReplyRules = ENQUIRY_REPLY): string {
  const days = rules.businessDays;
  return `We reply within ${NUMBER_WORDS[days] ?? days} business day${days === 1 ? "" : "s"} (${businessHoursText(rules)}).`;
}

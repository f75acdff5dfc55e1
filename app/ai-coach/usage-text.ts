import { formatTime, zoneAbbreviation } from "~/booking/time-zones";

// The daily limit resets at midnight in Sydney (usage.server.ts); readers elsewhere are told when that
// is on their own clock. Browser-safe: the chat's meter says it too.

/** "midnight AEDT" where the reader's clock says midnight then, else "11:00 pm AEST (midnight in Sydney)". */
export function usageResetText(resetsAt: string, zone: string): string {
  const local = formatTime(resetsAt, zone);
  if (local.startsWith("12:00 am ")) return `midnight ${zoneAbbreviation(zone, resetsAt)}`;
  return `${local} (midnight in Sydney)`;
}

// The name, company, phone and business type an enquiry gave, as stored with it (lead_activities
// .details, JSON). They change the lead's own details only when the person was signed in with the
// address; otherwise the team reads them beside the lead's. Plain TypeScript.

export type EnquiryDetails = { name: string; company?: string; phone?: string; businessType?: string };

type LeadDetails = { name: string; company: string | null; phone: string | null; businessType: string | null };

const FIELDS = ["name", "company", "phone", "businessType"] as const;

export function parseEnquiryDetails(json: string | null): EnquiryDetails | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as Record<string, unknown> | null;
    if (typeof value?.name !== "string") return null;
    const details: EnquiryDetails = { name: value.name };
    for (const field of ["company", "phone", "businessType"] as const) {
      const text = value[field];
      if (typeof text === "string") details[field] = text;
    }
    return details;
  } catch {
    return null;
  }
}

/** Whether an enquiry gave a detail the lead does not have. */
export function differsFromLead(details: EnquiryDetails, lead: LeadDetails): boolean {
  return FIELDS.some((field) => details[field] !== undefined && details[field] !== lead[field]);
}

/** "Name · Company · Phone · Business type", leaving out what was not given. */
export function enquiryDetailsText(details: Partial<EnquiryDetails> | LeadDetails): string {
  return FIELDS.flatMap((field) => (details[field] ? [details[field]] : [])).join(" · ");
}

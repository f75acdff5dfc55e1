import { defineEmail } from "./define";
import { Button, Details, Heading, Paragraph, Quote } from "./layout";

type Props = {
  source: string;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  businessType: string | null;
  /** The lead's details on file, when this enquiry gave others (they were not applied: anyone can type an address). */
  onFile?: string | null;
  message: string | null;
  receivedAt: string;
};

// Only a plain address becomes a mailto link; anything else stays text.
const PLAIN_ADDRESS = /^[^\s@<>"'():;,\\?&=%/#]+@[^\s@<>"'():;,\\?&=%/#]+$/;

// Everything here but the labels was typed by a visitor: React escapes it in the HTML part, and
// the reply link is built only from a plain address.
const rows = (lead: Props): [string, string][] => [
  ["Name", lead.name],
  ["Email", lead.email],
  ["Company", lead.company ?? "—"],
  ["Phone", lead.phone ?? "—"],
  ["Business type", lead.businessType ?? "—"],
  ...(lead.onFile ? [["On file for this address", lead.onFile] as [string, string]] : []),
  ["Received", lead.receivedAt],
];

/** A new enquiry, to the team inbox. */
export const leadNoticeEmail = defineEmail<Props>({
  category: "transactional",
  subject: (lead) => `New ${lead.source} enquiry from ${lead.name}`,
  reason: "You're receiving this because this address is the ClarityAI Coaching team inbox for new enquiries.",
  text: (lead) => [...rows(lead).map(([label, value]) => `${label}: ${value}`), "", lead.message ?? ""].join("\n"),
  Body: (lead) => (
    <>
      <Heading>New {lead.source} enquiry</Heading>
      <Details rows={rows(lead)} />
      {lead.message ? <Quote>{lead.message}</Quote> : <Paragraph>No message was left.</Paragraph>}
      {PLAIN_ADDRESS.test(lead.email) ? <Button href={`mailto:${lead.email}`}>Reply to {lead.name}</Button> : null}
    </>
  ),
});

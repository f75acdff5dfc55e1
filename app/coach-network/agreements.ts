// The coach agreement and, for GST-registered coaches, the recipient-created tax invoice (RCTI)
// agreement: their text and versions. A coach accepts the current version in onboarding; the time
// and version are recorded on coach_profiles and in the audit log. Safe for the browser bundle.

import { SHARE_TIERS_DESCRIPTION } from "./share-tiers";

export const COACH_AGREEMENT_VERSION = "2026-11";
export const RCTI_AGREEMENT_VERSION = "2026-11";
/** How long an accepted RCTI agreement lasts before the coach renews it. */
export const RCTI_AGREEMENT_MONTHS = 24;

export type AgreementSection = { heading: string; paragraphs: string[] };

export const COACH_AGREEMENT: AgreementSection[] = [
  {
    heading: "1. Who we are and what this agreement covers",
    paragraphs: [
      "ClarityAI Coaching (“we”, “us”) runs a platform through which Australian businesses book virtual business coaching. You (“the coach”) provide coaching sessions to clients who book you through the platform, as an independent contractor and not as our employee.",
      "This agreement covers every session booked with you through the platform while you are part of our coach network.",
    ],
  },
  {
    heading: "2. Your sessions",
    paragraphs: [
      "You keep your availability up to date in the coach portal, join sessions on time in the platform's meeting room, and record each session's outcome (completed or no-show) within two business days.",
      "You treat everything a client tells you as confidential, keep your private notes in the portal, and never ask a client to pay you outside the platform for a session booked through it.",
      "You hold current professional indemnity insurance and tell us promptly if it lapses.",
    ],
  },
  {
    heading: "3. Your revenue share",
    paragraphs: [
      // The tiers from the earnings ledger's own table, so the agreement states what statements pay.
      SHARE_TIERS_DESCRIPTION,
      "If a session is refunded (including under our money-back guarantee), your share of it is reversed on your next monthly statement.",
      "We issue a statement for each calendar month (Australia/Sydney time) and pay the amount owing to your nominated payout account. Payouts are held until your ABN is confirmed, so we never have to withhold tax from your payments.",
    ],
  },
  {
    heading: "4. Privacy and conduct",
    paragraphs: [
      "You handle clients' personal information in line with the Australian Privacy Principles and our privacy policy, and only for providing the sessions they booked.",
      "You present yourself honestly in your profile: your photo, bio, specialties and industries describe you and the work you do.",
    ],
  },
  {
    heading: "5. Ending the agreement",
    paragraphs: [
      "Either of us may end this agreement with 30 days' written notice. Sessions already booked are either held by you or handed over to another coach, with the client told in advance.",
      "We may update this agreement; we will tell you at least 30 days beforehand and ask you to accept the new version in the portal.",
    ],
  },
];

export const RCTI_AGREEMENT: AgreementSection[] = [
  {
    heading: "Recipient-created tax invoice agreement",
    paragraphs: [
      "This agreement is made under the A New Tax System (Goods and Services Tax) Act 1999 and the Goods and Services Tax: Recipient Created Tax Invoice Determination in force, between ClarityAI Coaching (the recipient) and you (the supplier), for the coaching services you supply through the platform.",
    ],
  },
  {
    heading: "What each of us agrees",
    paragraphs: [
      "The recipient will issue a recipient-created tax invoice (RCTI) for each monthly statement of your taxable supplies and give you a copy within 28 days of the supplies being made.",
      "The supplier will not issue tax invoices for the supplies covered by an RCTI.",
      "The supplier confirms they are registered for GST and will tell the recipient immediately, in writing, if they stop being registered or their ABN changes.",
      "The recipient confirms it is registered for GST and will tell the supplier if it stops being registered.",
      "The GST shown on each RCTI is payable by the supplier.",
    ],
  },
  {
    heading: "How long it lasts",
    paragraphs: [`This agreement lasts ${RCTI_AGREEMENT_MONTHS} months from the day you accept it. We will ask you to renew it before it ends.`],
  },
];

/** When an RCTI agreement accepted at `acceptedAt` ends. */
export function rctiAgreementExpiry(acceptedAt: Date): Date {
  const expiry = new Date(acceptedAt.getTime());
  expiry.setUTCMonth(expiry.getUTCMonth() + RCTI_AGREEMENT_MONTHS);
  return expiry;
}

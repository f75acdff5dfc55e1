import type { ReactNode } from "react";

// One email kind = one file in this folder that calls defineEmail; composeEmail (compose.server.tsx)
// turns it into the HTML and plain-text parts, adding the branded frame and the sender's footer.

/**
 * "transactional": codes, security notices, receipts, staff notices — no unsubscribe link.
 * "marketing": anything promotional (welcome series, news, offers) — an unsubscribe link and
 * List-Unsubscribe headers, and never sent to an address that unsubscribed.
 */
export type EmailCategory = "transactional" | "marketing";

export type EmailTemplate<Props> = {
  category: EmailCategory;
  subject: (props: Props) => string;
  /** The inbox preview line (defaults to the subject). */
  preview?: (props: Props) => string;
  /** Why the reader got this email, shown in the footer of both parts: "You're receiving this because …". */
  reason: string | ((props: Props) => string);
  /** The plain-text part, without the footer (added for you). Codes and links must appear in full. */
  text: (props: Props) => string;
  /** The HTML part's message, without the frame (added for you). Build it from ./layout's blocks. */
  Body: (props: Props) => ReactNode;
};

/** Declares an email kind; the identity function, for type inference. */
export function defineEmail<Props>(template: EmailTemplate<Props>): EmailTemplate<Props> {
  return template;
}

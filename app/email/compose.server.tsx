import { renderToStaticMarkup } from "react-dom/server";
import { BUSINESS } from "~/content/business";
import type { AppEnv } from "~/platform/env.server";
import type { OutgoingEmail } from "./outbox.server";
import type { EmailTemplate } from "./templates/define";
import { EmailLayout, type SenderFooter } from "./templates/layout";
import { unsubscribeUrl } from "./unsubscribe.server";

// Emails are React components rendered to static markup with react-dom/server, which the Worker
// already ships for its pages: no extra runtime, nothing Node-only. The plain-text part is written
// by each template (never derived from the HTML), so codes and links in it are exactly as given.

export type Envelope = { to: string; dedupeKey: string };

type ComposeEnv = Pick<AppEnv, "PUBLIC_SITE_URL" | "SESSION_SECRET">;

function textFooter(footer: SenderFooter): string {
  return [
    `— ${BUSINESS.name} · ABN ${BUSINESS.abn}`,
    `${BUSINESS.email} · ${BUSINESS.phone} · ${footer.siteUrl}`,
    footer.reason,
    ...(footer.unsubscribeUrl ? [`Unsubscribe: ${footer.unsubscribeUrl}`] : []),
  ].join("\n");
}

/** The HTML document of an email (exported for tests and previews). */
export function renderEmailHtml<Props>(template: EmailTemplate<Props>, props: Props, footer: SenderFooter): string {
  const subject = template.subject(props);
  return `<!DOCTYPE html>${renderToStaticMarkup(
    <EmailLayout subject={subject} preview={template.preview?.(props) ?? subject} footer={footer}>
      {template.Body(props)}
    </EmailLayout>,
  )}`;
}

/**
 * An email of this kind, ready for the outbox: subject, HTML and plain-text parts, both with the
 * sender's footer; marketing mail also gets the recipient's unsubscribe link.
 */
export async function composeEmail<Props>(env: ComposeEnv, template: EmailTemplate<Props>, props: Props, envelope: Envelope): Promise<OutgoingEmail> {
  const footer: SenderFooter = {
    siteUrl: env.PUBLIC_SITE_URL.replace(/\/+$/, ""),
    reason: typeof template.reason === "function" ? template.reason(props) : template.reason,
    unsubscribeUrl: template.category === "marketing" ? await unsubscribeUrl(env, envelope.to) : null,
  };
  return {
    dedupeKey: envelope.dedupeKey,
    to: envelope.to,
    subject: template.subject(props),
    text: `${template.text(props)}\n\n${textFooter(footer)}`,
    html: renderEmailHtml(template, props, footer),
    category: template.category,
  };
}

/** A text message (SMS): plain text only, no frame. It shares the outbox with email. */
export function textMessage(message: Envelope & { subject: string; text: string }): OutgoingEmail {
  return { ...message, html: null, category: "transactional" };
}

import type { CSSProperties, ReactNode } from "react";
import { BUSINESS } from "~/content/business";

// The building blocks of every email. Email clients ignore stylesheets and most modern CSS, so
// layout is tables and every style is inline. Colours are the site's and pass WCAG AA.

export const BRAND = {
  navy: "#0f2942",
  teal: "#0b6e6d",
  amber: "#f5a524",
  ink: "#1c2430",
  muted: "#4a5565",
  line: "#d8dee6",
  mist: "#f4f7fa",
  paper: "#ffffff",
  font: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
} as const;

/** What the footer of every email says about who sent it and why the reader got it. */
export type SenderFooter = {
  siteUrl: string;
  /** "You're receiving this because …" */
  reason: string;
  /** Marketing mail only. */
  unsubscribeUrl: string | null;
};

const text: CSSProperties = { margin: "0 0 16px", fontSize: "16px", lineHeight: "24px", color: BRAND.ink };

export function Paragraph({ children }: { children: ReactNode }) {
  return <p style={text}>{children}</p>;
}

export function Heading({ children }: { children: ReactNode }) {
  return <h1 style={{ margin: "0 0 16px", fontSize: "22px", lineHeight: "30px", color: BRAND.navy }}>{children}</h1>;
}

/** A one-time code, large and spaced so it reads (and copies) at a glance. */
export function CodeBox({ code, label }: { code: string; label: string }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={{ margin: "0 0 20px" }}>
      <tbody>
        <tr>
          <td style={{ padding: "0 0 6px", fontSize: "14px", color: BRAND.muted }}>{label}</td>
        </tr>
        <tr>
          <td
            style={{
              padding: "12px 20px",
              background: BRAND.mist,
              border: `1px solid ${BRAND.line}`,
              borderRadius: "8px",
              fontSize: "30px",
              fontWeight: 700,
              letterSpacing: "6px",
              color: BRAND.navy,
              fontFamily: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
            }}
          >
            {code}
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/** A link that looks like the site's primary button (a padded cell, so it works in Outlook too). */
export function Button({ href, children }: { href: string; children: ReactNode }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={{ margin: "0 0 20px" }}>
      <tbody>
        <tr>
          <td style={{ background: BRAND.amber, borderRadius: "999px" }}>
            <a
              href={href}
              style={{
                display: "inline-block",
                padding: "12px 24px",
                fontSize: "16px",
                fontWeight: 700,
                color: BRAND.navy,
                textDecoration: "none",
                borderRadius: "999px",
              }}
            >
              {children}
            </a>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/** The address of a link written out, for readers whose client will not follow the button. */
export function LinkFallback({ href }: { href: string }) {
  return (
    <p style={{ ...text, fontSize: "13px", lineHeight: "20px", color: BRAND.muted, wordBreak: "break-all" }}>
      If the button doesn&apos;t work, copy this link into your browser:{" "}
      <a href={href} style={{ color: BRAND.teal }}>
        {href}
      </a>
    </p>
  );
}

/** Label–value rows, e.g. the details of an enquiry. */
export function Details({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} width="100%" style={{ margin: "0 0 20px", borderCollapse: "collapse" }}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th
              scope="row"
              style={{ padding: "6px 12px 6px 0", textAlign: "left", verticalAlign: "top", fontSize: "14px", color: BRAND.muted, whiteSpace: "nowrap" }}
            >
              {label}
            </th>
            <td style={{ padding: "6px 0", fontSize: "15px", color: BRAND.ink, wordBreak: "break-word" }}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Text that keeps its line breaks (a message someone typed), escaped like everything else React renders. */
export function Quote({ children }: { children: string }) {
  return <p style={{ ...text, whiteSpace: "pre-wrap", padding: "12px 16px", background: BRAND.mist, borderLeft: `4px solid ${BRAND.teal}` }}>{children}</p>;
}

function Footer({ footer }: { footer: SenderFooter }) {
  const small: CSSProperties = { margin: "0 0 8px", fontSize: "13px", lineHeight: "20px", color: BRAND.muted };
  const link: CSSProperties = { color: BRAND.teal };
  return (
    <td style={{ padding: "20px 32px 28px", borderTop: `1px solid ${BRAND.line}` }}>
      <p style={small}>
        <strong>{BUSINESS.name}</strong> · ABN {BUSINESS.abn}
      </p>
      <p style={small}>
        <a href={`mailto:${BUSINESS.email}`} style={link}>
          {BUSINESS.email}
        </a>{" "}
        ·{" "}
        <a href={BUSINESS.phoneHref} style={link}>
          {BUSINESS.phone}
        </a>{" "}
        · {BUSINESS.hours} ·{" "}
        <a href={footer.siteUrl} style={link}>
          {footer.siteUrl.replace(/^https?:\/\//, "")}
        </a>
      </p>
      <p style={small}>{footer.reason}</p>
      {footer.unsubscribeUrl ? (
        <p style={small}>
          Don&apos;t want these emails?{" "}
          <a href={footer.unsubscribeUrl} style={link}>
            Unsubscribe
          </a>
          .
        </p>
      ) : null}
    </td>
  );
}

/** The whole document: a wordmark header, the message and the sender's footer. */
export function EmailLayout({ subject, preview, footer, children }: { subject: string; preview: string; footer: SenderFooter; children: ReactNode }) {
  return (
    <html lang="en-AU">
      <head>
        <meta httpEquiv="Content-Type" content="text/html; charset=UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{subject}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: BRAND.mist, fontFamily: BRAND.font }}>
        {/* The inbox preview line; hidden in the message itself. */}
        <div style={{ display: "none", maxHeight: 0, overflow: "hidden", fontSize: "1px", lineHeight: "1px", color: BRAND.mist }}>{preview}</div>
        <table role="presentation" cellPadding={0} cellSpacing={0} width="100%" style={{ background: BRAND.mist }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: "24px 12px" }}>
                <table
                  role="presentation"
                  cellPadding={0}
                  cellSpacing={0}
                  width="100%"
                  style={{ maxWidth: "600px", background: BRAND.paper, borderRadius: "12px", overflow: "hidden", fontFamily: BRAND.font }}
                >
                  <tbody>
                    <tr>
                      <td style={{ background: BRAND.navy, padding: "18px 32px" }}>
                        <a href={footer.siteUrl} style={{ textDecoration: "none", fontSize: "20px", fontWeight: 700, color: BRAND.paper }}>
                          <span style={{ color: BRAND.amber }}>Clarity</span>AI Coaching
                        </a>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: "28px 32px 12px" }}>{children}</td>
                    </tr>
                    <tr>
                      <Footer footer={footer} />
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

import { expect, test } from "vitest";
import { BUSINESS } from "~/content/business";
import { composeEmail } from "~/email/compose.server";
import { accountConfirmationEmail } from "~/email/templates/account-confirmation";
import { emailChangeCurrentEmail } from "~/email/templates/email-change-current";
import { emailChangeNewEmail } from "~/email/templates/email-change-new";
import { emailChangedEmail } from "~/email/templates/email-changed";
import { failedJobsAlertEmail } from "~/email/templates/failed-jobs-alert";
import { leadNoticeEmail } from "~/email/templates/lead-notice";
import { learningAssignmentEmail } from "~/email/templates/learning-assignment";
import { marketingConsentEmail } from "~/email/templates/marketing-consent";
import { passwordChangedEmail } from "~/email/templates/password-changed";
import { twoStepRemovedEmail } from "~/email/templates/two-step-removed";
import { passwordResetEmail } from "~/email/templates/password-reset";
import { reauthenticationEmail } from "~/email/templates/reauthentication";
import { signInCodeEmail } from "~/email/templates/sign-in-code";
import { sessionSummaryEmail } from "~/email/templates/session-summary";
import { signupExistingEmail } from "~/email/templates/signup-existing";
import { verifyUnsubscribeToken } from "~/email/unsubscribe.server";
import { appEnv, escapeHtml, newsletterEmail } from "./helpers";

const CODE = "483920";
const LINK = "http://localhost:8787/auth/v1/verify?token=pkce_abc123&type=magiclink&redirect_to=http%3A%2F%2Flocalhost%3A8787%2Fauth";
const SIGN_IN = "http://localhost:8787/auth";
const envelope = { to: "reader@example.com.au", dedupeKey: "test" };

// Every email kind with sample props, and what both parts must carry.
const KINDS = [
  {
    name: "account confirmation",
    compose: () => composeEmail(appEnv(), accountConfirmationEmail, { code: CODE, link: LINK }, envelope),
    code: CODE,
    links: [LINK],
  },
  { name: "sign-in code", compose: () => composeEmail(appEnv(), signInCodeEmail, { code: CODE, link: LINK }, envelope), code: CODE, links: [LINK] },
  { name: "password reset", compose: () => composeEmail(appEnv(), passwordResetEmail, { code: CODE, link: LINK }, envelope), code: CODE, links: [LINK] },
  {
    name: "email change (new address)",
    compose: () => composeEmail(appEnv(), emailChangeNewEmail, { code: CODE, link: LINK, alsoSentToCurrent: true }, envelope),
    code: CODE,
    links: [LINK],
  },
  {
    name: "email change (current address)",
    compose: () => composeEmail(appEnv(), emailChangeCurrentEmail, { code: CODE, link: LINK, newEmail: "new@example.com.au", signInUrl: SIGN_IN }, envelope),
    code: CODE,
    links: [LINK, SIGN_IN],
  },
  { name: "email changed", compose: () => composeEmail(appEnv(), emailChangedEmail, { newEmail: "new@example.com.au" }, envelope), links: [] },
  {
    name: "reauthentication",
    compose: () => composeEmail(appEnv(), reauthenticationEmail, { code: CODE, signInUrl: SIGN_IN }, envelope),
    code: CODE,
    links: [SIGN_IN],
  },
  { name: "password changed", compose: () => composeEmail(appEnv(), passwordChangedEmail, { signInUrl: SIGN_IN }, envelope), links: [SIGN_IN] },
  { name: "two-step verification removed", compose: () => composeEmail(appEnv(), twoStepRemovedEmail, { securityUrl: SIGN_IN }, envelope), links: [SIGN_IN] },
  { name: "sign-up with a taken address", compose: () => composeEmail(appEnv(), signupExistingEmail, { signInUrl: SIGN_IN }, envelope), links: [SIGN_IN] },
  {
    name: "lead notice",
    compose: () =>
      composeEmail(
        appEnv(),
        leadNoticeEmail,
        {
          source: "contact",
          name: "Jordan Lee",
          email: "jordan@example.com.au",
          company: "Lee Plumbing",
          phone: null,
          businessType: "Trades",
          message: "Cash flow help, please.",
          receivedAt: "2026-11-20T01:00:00.000Z",
        },
        envelope,
      ),
    links: ["mailto:jordan@example.com.au"],
  },
  {
    name: "marketing consent confirmation",
    compose: () => composeEmail(appEnv(), marketingConsentEmail, { link: "http://localhost:8787/subscribe?token=c1.abc", days: 7 }, envelope),
    links: ["http://localhost:8787/subscribe?token=c1.abc"],
  },
  {
    name: "failed jobs alert",
    compose: () =>
      composeEmail(
        appEnv(),
        failedJobsAlertEmail,
        { type: "lead.notify", attempts: 4, error: "boom", queuedAt: "2026-11-20T01:00:00.000Z", reviewUrl: "http://localhost:8787/admin/jobs" },
        envelope,
      ),
    links: ["http://localhost:8787/admin/jobs"],
  },
  {
    name: "session summary",
    compose: () =>
      composeEmail(
        appEnv(),
        sessionSummaryEmail,
        {
          firstName: "Alex",
          coachName: "Casey Coach",
          sessionTitle: "60-minute virtual session",
          when: "Monday 5 April 2027, 10:00 am AEST",
          summary: "We mapped your cash flow.",
          items: [{ text: "Build the forecast", due: "2027-04-19" }],
          recordUrl: "http://localhost:8787/meeting/abc/record",
          ratingUrl: "http://localhost:8787/meeting/abc/record#rating",
        },
        envelope,
      ),
    links: ["http://localhost:8787/meeting/abc/record", "http://localhost:8787/meeting/abc/record#rating"],
  },
  {
    name: "learning assignment",
    compose: () =>
      composeEmail(
        appEnv(),
        learningAssignmentEmail,
        {
          name: "Alex Nguyen",
          coachName: "Casey Coach",
          lessonTitle: "Your 13-week forecast",
          moduleTitle: "Cash flow",
          due: "Friday 4 December 2026",
          note: "Bring your bank balance.",
          updated: false,
          lessonUrl: "http://localhost:8787/learning/lesson/cash-flow-13-week-forecast",
          learningUrl: "http://localhost:8787/learning",
        },
        envelope,
      ),
    links: ["http://localhost:8787/learning/lesson/cash-flow-13-week-forecast", "http://localhost:8787/learning"],
  },
];

test("every email kind has an HTML and a plain-text part that both carry its code, links and the sender's details", async () => {
  for (const kind of KINDS) {
    const email = await kind.compose();
    const { html, text } = { html: email.html ?? "", text: email.text };
    expect(email.category, kind.name).toBe("transactional");
    expect(html, kind.name).toMatch(/^<!DOCTYPE html><html lang="en-AU">/);
    expect(html, kind.name).toContain(`<title>${escapeHtml(email.subject)}</title>`);
    if (kind.code) {
      expect(text, kind.name).toContain(kind.code);
      // The code is shown on its own, large, in the HTML.
      expect(html, kind.name).toMatch(new RegExp(`letter-spacing:6px[^>]*>${kind.code}</td>`));
    }
    for (const link of kind.links) {
      if (!link.startsWith("mailto:")) expect(text, `${kind.name}: ${link}`).toContain(link);
      expect(html, `${kind.name}: ${link}`).toContain(`href="${escapeHtml(link)}"`);
    }
    // Who sent it, how to reach them and why the reader got it — in both parts.
    for (const part of [html, text]) {
      expect(part, kind.name).toContain(`ABN ${BUSINESS.abn}`);
      expect(part, kind.name).toContain(BUSINESS.email);
      expect(part, kind.name).toContain(BUSINESS.phone);
      expect(part, kind.name).toMatch(/You(&#x27;|')re receiving this because/);
      expect(part.toLowerCase(), kind.name).not.toContain("unsubscribe");
    }
    expect(html, kind.name).not.toMatch(/<script|<style|javascript:/i);
  }
});

test("the auth emails' plain text keeps the code and the link exactly as before", async () => {
  const email = await composeEmail(appEnv(), signInCodeEmail, { code: CODE, link: LINK }, envelope);
  expect(email.text).toMatch(new RegExp(`^Your sign-in code is ${CODE}\\n\\nOr sign in with this link:\\n${LINK.replace(/[.?]/g, "\\$&")}\\n\\n`));
  expect(email.text).toContain("\n\n— ClarityAI Coaching · ABN");
  const confirmation = await composeEmail(appEnv(), accountConfirmationEmail, { code: CODE, link: LINK }, envelope);
  expect(confirmation.text).toContain(`Your confirmation code is ${CODE}\n\nOr confirm your email address with this link:\n${LINK}\n\n`);
});

test("what a visitor typed is escaped in the HTML part, never markup", async () => {
  const hostile = '<script>alert("x")</script><img src=x onerror=alert(1)>';
  const email = await composeEmail(
    appEnv(),
    leadNoticeEmail,
    {
      source: "contact",
      name: hostile,
      email: 'a@b.com"><script>alert(2)</script>',
      company: hostile,
      phone: hostile,
      businessType: null,
      message: `Line one\n${hostile}`,
      receivedAt: "2026-11-20T01:00:00.000Z",
    },
    envelope,
  );
  const html = email.html ?? "";
  expect(html).not.toMatch(/<script|<img|onerror=alert\(1\)>/i);
  expect(html).toContain(escapeHtml(hostile));
  // Not a plain address: no reply link is built from it.
  expect(html).not.toContain("mailto:a@b.com");
  // The plain-text part is not HTML: it carries the text as typed.
  expect(email.text).toContain(`Name: ${hostile}`);
  expect(email.subject).toBe(`New contact enquiry from ${hostile}`);
});

test("marketing mail carries the recipient's own unsubscribe link in both parts", async () => {
  const email = await composeEmail(
    appEnv(),
    newsletterEmail,
    { firstName: "Sam", articleUrl: "http://localhost:8787/blog/pricing" },
    { to: "Sam.Reader@Example.com.au", dedupeKey: "test" },
  );
  expect(email.category).toBe("marketing");
  const link = /Unsubscribe: (\S+)/.exec(email.text)?.[1];
  expect(link).toMatch(/^http:\/\/localhost:8787\/unsubscribe\?token=u1\./);
  expect(email.html).toContain(`href="${escapeHtml(link!)}"`);
  expect(await verifyUnsubscribeToken(appEnv(), new URL(link!).searchParams.get("token")!)).toBe("sam.reader@example.com.au");
});

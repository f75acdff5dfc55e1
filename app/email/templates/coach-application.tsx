import { defineEmail } from "./define";
import { Button, Heading, Paragraph, Quote } from "./layout";
import { greeting } from "./shared";

// The emails a coach applicant gets: each change of their application, with the link to see it
// (and withdraw it while it is open).

export type CoachApplicationEmailKind = "received" | "updated" | "under_review" | "approved" | "rejected" | "withdrawn";

type Props = {
  kind: CoachApplicationEmailKind;
  firstName: string;
  /** The signed link to the application's page. */
  applicationUrl: string;
  /** Rejected: the reason the reviewer wrote. */
  reason?: string | null;
  /** Approved: whether the person already had an account (sign in) or was invited (set a password from the other email). */
  existingAccount?: boolean;
  /** Approved, existing account: where to sign in and land in the portal. */
  signInUrl?: string;
};

const REASON = "You're receiving this because you applied to join the ClarityAI Coaching coach network.";

const SUBJECTS: Record<CoachApplicationEmailKind, string> = {
  received: "We've received your coach application",
  updated: "Your coach application has been updated",
  under_review: "We're reviewing your coach application",
  approved: "Welcome to the ClarityAI Coaching network",
  rejected: "Your coach application",
  withdrawn: "Your coach application has been withdrawn",
};

function lines(props: Props): string[] {
  switch (props.kind) {
    case "received":
      return [
        "Thanks for applying to coach with ClarityAI Coaching. A senior coach reads every application personally, and we'll reply within five business days.",
        "You can see your application, or withdraw it, from the link below. If you apply again with this email address while it's open, we'll update it rather than start another.",
      ];
    case "updated":
      return [
        "Your coach application has been updated with the answers you just sent. Everything else about it is unchanged.",
        "If you didn't send these changes, you can withdraw the application from the link below and reply to this email so we can look into it.",
      ];
    case "under_review":
      return ["Good news: a senior coach has started reviewing your application. We'll be in touch within five business days."];
    case "approved":
      return props.existingAccount
        ? [
            "Congratulations: your application to coach with us has been approved, and your account now has access to the coach portal.",
            "Sign in to start onboarding: your profile and photo, your availability, the coach agreement, your ABN and payout details. Once those are done, clients can book you.",
          ]
        : [
            "Congratulations: your application to coach with us has been approved.",
            "We've sent you a separate email with a link to set your password. Once it's set, you'll land in the coach portal to start onboarding: your profile and photo, your availability, the coach agreement, your ABN and payout details.",
          ];
    case "rejected":
      return [
        "Thank you for applying to coach with ClarityAI Coaching, and for the time you put into your application. After careful review, we're not able to offer you a place in the network at the moment.",
        "Here's what our reviewer wrote:",
      ];
    case "withdrawn":
      return ["Your coach application has been withdrawn, as you asked. We won't review it further.", "You're welcome to apply again at any time."];
  }
}

const closing = (props: Props) =>
  props.kind === "rejected"
    ? "We're grateful for your interest. If your circumstances change, you're welcome to apply again in six months."
    : "If you have any questions, just reply to this email.";

export const coachApplicationEmail = defineEmail<Props>({
  category: "transactional",
  subject: (props) => SUBJECTS[props.kind],
  reason: REASON,
  text: (props) =>
    [
      greeting(props.firstName),
      ...lines(props),
      ...(props.kind === "rejected" && props.reason ? [props.reason] : []),
      ...(props.kind === "approved" && props.existingAccount && props.signInUrl ? [`Sign in: ${props.signInUrl}`] : []),
      `Your application: ${props.applicationUrl}`,
      closing(props),
    ].join("\n\n"),
  Body: (props) => (
    <>
      <Heading>{SUBJECTS[props.kind]}</Heading>
      <Paragraph>{greeting(props.firstName)}</Paragraph>
      {lines(props).map((line) => (
        <Paragraph key={line}>{line}</Paragraph>
      ))}
      {props.kind === "rejected" && props.reason ? <Quote>{props.reason}</Quote> : null}
      {props.kind === "approved" && props.existingAccount && props.signInUrl ? <Button href={props.signInUrl}>Sign in to start onboarding</Button> : null}
      {props.kind === "approved" && props.existingAccount ? (
        <Paragraph>
          <a href={props.applicationUrl}>See your application</a>
        </Paragraph>
      ) : (
        <Button href={props.applicationUrl}>See your application</Button>
      )}
      <Paragraph>{closing(props)}</Paragraph>
    </>
  ),
});

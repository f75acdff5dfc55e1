import { BRAND, Details, Paragraph } from "./layout";

// What the booking emails (confirmation, update, cancellation, reminder) share: the details of the
// booking in the reader's own time zone, and the links to join, add to a calendar and manage it.

export type BookingEmailProps = {
  /** Who reads it: the client gets their time zone and the manage link; the coach gets theirs. */
  audience: "client" | "coach";
  recipientName: string;
  typeName: string;
  reference: string;
  /** "Thursday 3 December 2026, 9:30 am AEDT", in the reader's zone. */
  when: string;
  durationMinutes: number;
  /** The other person: the coach for the client, the client for the coach. */
  withName: string;
  meetingUrl: string;
  /**
   * A guest's one-time sign-in link into the meeting (confirmation and 1-hour reminder only; null
   * for a booking made signed in, and for the coach). It signs in once, within an hour.
   */
  signInUrl?: string | null;
  /**
   * The client booked without an account (a guest): they get into the meeting with the one-time
   * link of their confirmation, update and 1-hour reminder emails, or by signing in with an emailed code.
   */
  guest?: boolean;
  /** The client's signed link to reschedule or cancel (null for the coach). */
  manageUrl: string | null;
  /** Where the coach sees their sessions (null for the client). */
  portalUrl: string | null;
  /** Our short links that open the event in Google Calendar or Outlook (./routes/booking_.$bookingId.calendar.$provider). */
  googleUrl: string | null;
  outlookUrl: string | null;
  /** The client's notes, shown to the coach. */
  notes: string | null;
};

export const BOOKING_REASON = (props: Pick<BookingEmailProps, "audience">) =>
  props.audience === "client"
    ? "You're receiving this because you booked a session with ClarityAI Coaching."
    : "You're receiving this because you are the coach of this ClarityAI Coaching session.";

export function detailRows(props: BookingEmailProps, extra: [string, string][] = []): [string, string][] {
  return [
    ["What", `${props.typeName} (${props.durationMinutes} minutes, online)`],
    ["When", props.when],
    ...extra,
    [props.audience === "client" ? "Coach" : "Client", props.withName],
    ["Reference", props.reference],
  ];
}

export function detailText(props: BookingEmailProps, extra: [string, string][] = []): string {
  return detailRows(props, extra)
    .map(([label, value]) => `${label}: ${value}`)
    .join("\n");
}

/** How the reader gets into the meeting, in words: with a guest's one-time link, by signing in with a code, or to their account. */
export function joinWords(props: Pick<BookingEmailProps, "audience" | "signInUrl" | "guest">): string {
  if (props.signInUrl) {
    return "Join from your browser, with nothing to install: the join link signs you in and opens the meeting. It works once, within an hour of this email. After that, open the meeting page and sign in with this email address (we'll email you a code; no password needed).";
  }
  if (props.audience === "client" && props.guest) {
    return "Join from your browser, with nothing to install. An hour before the start we'll email you a one-time link that signs you in and opens the meeting. You can also open the meeting page and sign in with this email address: we'll email you a code, no password needed.";
  }
  return "Join from your browser, with nothing to install: open the meeting page and sign in to your ClarityAI Coaching account. The room opens shortly before the start.";
}

/** The links of a booking that goes ahead, as plain text: each labelled, each short enough to read and copy. */
export function linkText(props: BookingEmailProps): string[] {
  return [
    ...(props.signInUrl
      ? [`Join the video meeting (one-time link, works once within an hour): ${props.signInUrl}`, `The meeting page: ${props.meetingUrl}`]
      : [`Join the video meeting: ${props.meetingUrl}`]),
    joinWords(props),
    ...(props.manageUrl ? [`Reschedule or cancel: ${props.manageUrl}`] : []),
    ...(props.portalUrl ? [`Your sessions: ${props.portalUrl}`] : []),
    ...(props.googleUrl ? [`Add to Google Calendar: ${props.googleUrl}`] : []),
    ...(props.outlookUrl ? [`Add to Outlook: ${props.outlookUrl}`] : []),
  ];
}

export function BookingDetails({ props, extra = [] }: { props: BookingEmailProps; extra?: [string, string][] }) {
  return <Details rows={detailRows(props, extra)} />;
}

export function CalendarLinks({ props }: { props: BookingEmailProps }) {
  if (!props.googleUrl && !props.outlookUrl) return null;
  const link = { color: BRAND.teal };
  return (
    <Paragraph>
      Add it to your calendar:{" "}
      {props.googleUrl ? (
        <a href={props.googleUrl} style={link}>
          Google Calendar
        </a>
      ) : null}
      {props.googleUrl && props.outlookUrl ? " · " : null}
      {props.outlookUrl ? (
        <a href={props.outlookUrl} style={link}>
          Outlook
        </a>
      ) : null}{" "}
      (or open the attached invitation).
    </Paragraph>
  );
}

export function ManageLinks({ props }: { props: BookingEmailProps }) {
  const link = { color: BRAND.teal };
  if (props.manageUrl) {
    return (
      <Paragraph>
        Need to change it?{" "}
        <a href={props.manageUrl} style={link}>
          Reschedule or cancel
        </a>{" "}
        — free of charge until 24 hours before the start.
      </Paragraph>
    );
  }
  if (props.portalUrl) {
    return (
      <Paragraph>
        <a href={props.portalUrl} style={link}>
          See your sessions
        </a>
      </Paragraph>
    );
  }
  return null;
}

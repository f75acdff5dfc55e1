import { Link } from "@remix-run/react";
import { PageHero } from "~/components/page-hero";
import type { RecordData } from "~/meetings/record.server";
import { ChatTranscript } from "./chat-transcript";
import { RecordingsList } from "~/meetings/recording/recordings-list";
import { LearningPanel } from "./learning-panel";
import { NotesPanel } from "./notes-panel";
import { OutcomePanel } from "./outcome-panel";
import { RatingPanel } from "./rating-panel";
import { SentSummaryPanel, SummaryEditor } from "./summary-panel";

// The session record (/meeting/{id}/record): the session, its outcome, the coach's private notes
// (the coach's eyes only), the summary and action items, the client's rating, the call's chat and
// its recordings. Each person sees their part; every form works without JavaScript.

function SessionFacts({ record }: { record: RecordData }) {
  const { session, viewerRole } = record;
  return (
    <section aria-labelledby="session-heading" className="card record-panel">
      <h2 id="session-heading">The session</h2>
      <dl className="record-facts">
        <dt>When</dt>
        <dd>
          <time dateTime={session.startsAt}>{session.when}</time> ({session.durationMinutes} minutes)
        </dd>
        <dt>{viewerRole === "coach" ? "Client" : "Coach"}</dt>
        <dd>{viewerRole === "coach" ? `${session.clientName}${session.company ? ` (${session.company})` : ""}` : session.coachName}</dd>
        {viewerRole === "admin" ? (
          <>
            <dt>Client</dt>
            <dd>{session.clientName}</dd>
          </>
        ) : null}
        <dt>Status</dt>
        <dd>
          <span className={`badge booking-status booking-status-${session.status}`}>{session.statusLabel}</span>
        </dd>
        <dt>Payment</dt>
        <dd>{session.payment}</dd>
        <dt>Reference</dt>
        <dd>{session.reference}</dd>
      </dl>
    </section>
  );
}

function AdminRating({ rating }: { rating: RecordData["adminRating"] }) {
  return (
    <section aria-labelledby="admin-rating-heading" className="card record-panel">
      <h2 id="admin-rating-heading">Client&apos;s rating</h2>
      {rating ? (
        <>
          <p>
            <strong>{rating.rating} out of 5</strong>
          </p>
          {rating.comment ? <p className="record-summary-text">{rating.comment}</p> : <p className="hint">No comment.</p>}
          <p>
            {rating.publish
              ? `May be published as a testimonial from “${rating.attribution}” (agreed ${rating.consentAt ? new Date(rating.consentAt).toLocaleDateString("en-AU", { timeZone: "Australia/Sydney" }) : ""}).`
              : "Not for publication: the client did not agree to a testimonial."}
          </p>
        </>
      ) : (
        <p>The client hasn&apos;t rated this session.</p>
      )}
    </section>
  );
}

export function RecordPage({ record }: { record: RecordData }) {
  const { viewerRole, session } = record;
  const back =
    viewerRole === "coach"
      ? { to: "/coach", label: "Back to your coach portal" }
      : viewerRole === "client"
        ? { to: "/profile?tab=bookings", label: "Back to your bookings" }
        : { to: `/admin/bookings/${record.meetingId}`, label: "Back to the booking" };
  return (
    <>
      <PageHero eyebrow="Session record" title={session.title} lead={viewerRole === "client" ? `With ${session.coachName}` : `With ${session.clientName}`} />
      <section className="section">
        <div className="container page-narrow record-page">
          <p>
            <Link to={back.to}>← {back.label}</Link>
          </p>
          <SessionFacts record={record} />
          {record.outcome ? <OutcomePanel session={session} outcome={record.outcome} /> : null}
          {record.notes !== null ? <NotesPanel notes={record.notes} /> : null}
          {record.learning ? <LearningPanel learning={record.learning} /> : null}
          {viewerRole === "coach" && record.canWriteSummary ? (
            <SummaryEditor summary={record.summary} />
          ) : record.summary?.sent ? (
            <SentSummaryPanel summary={record.summary} viewerRole={viewerRole} canDiscuss={record.canDiscuss} />
          ) : viewerRole !== "admin" ? (
            <section aria-labelledby="summary-heading" className="card record-panel" id="summary">
              <h2 id="summary-heading">Session summary</h2>
              <p className="hint">
                {viewerRole === "client"
                  ? "Your coach's summary and action items will appear here after the session."
                  : "You can write the summary once the session has started."}
              </p>
            </section>
          ) : null}
          {record.rating ? <RatingPanel rating={record.rating} /> : null}
          {viewerRole === "admin" ? <AdminRating rating={record.adminRating} /> : null}
          <ChatTranscript chat={record.chat} coachName={session.coachName} clientName={session.clientName} />
          <div className="card record-panel" id="recordings">
            <RecordingsList recordings={record.recordings} timeZone={record.timeZone} />
          </div>
        </div>
      </section>
    </>
  );
}

import { LEAD_ACTIVITY_KIND_LABELS, LEAD_SOURCE_LABELS } from "~/leads/admin";
import type { LeadDetail } from "~/leads/admin.server";
import { differsFromLead, enquiryDetailsText } from "~/leads/enquiry-details";
import { BROWSER_HISTORY_NOTE, transcriptAuthor } from "~/leads/transcript";

// A lead's enquiries, newest first: where each came from, what was said, and any Service Assistant
// conversation it kept.

type Activity = LeadDetail["activities"][number] & { when: string; updated: string | null };

function Touch({ touch }: { touch: { source: string; medium: string; campaign: string; landingPage: string } }) {
  return (
    <>
      {touch.source} / {touch.medium} / {touch.campaign}
      {touch.landingPage ? <span className="hint"> · landed on {touch.landingPage}</span> : null}
    </>
  );
}

/** The Activity part of a lead's page. */
export function LeadActivities({ lead }: { lead: Pick<LeadDetail, "name" | "email" | "company" | "phone" | "businessType"> & { activities: Activity[] } }) {
  return (
    <>
      <h3>
        Activity <span className="hint">({lead.activities.length})</span>
      </h3>
      {lead.activities.length ? (
        <ol className="lead-activities" aria-label="Enquiries, newest first">
          {lead.activities.map((activity) => (
            <li key={activity.id} className="lead-activity">
              <h4>
                {activity.kind ? LEAD_ACTIVITY_KIND_LABELS[activity.kind] : LEAD_SOURCE_LABELS[activity.source]} ·{" "}
                <time dateTime={activity.createdAt}>{activity.when}</time>
              </h4>
              <dl className="email-meta">
                {activity.updated ? (
                  <>
                    <dt>Last message</dt>
                    <dd>
                      <time dateTime={activity.updatedAt}>{activity.updated}</time>
                    </dd>
                  </>
                ) : null}
                <dt>Page</dt>
                <dd>{activity.pagePath ?? "—"}</dd>
                <dt>First touch</dt>
                <dd>{activity.attribution ? <Touch touch={activity.attribution.first} /> : "(direct)"}</dd>
                <dt>Last touch</dt>
                <dd>{activity.attribution ? <Touch touch={activity.attribution.last} /> : "(direct)"}</dd>
                {activity.resourceSlug ? (
                  <>
                    <dt>Resource</dt>
                    <dd>{activity.resourceSlug}</dd>
                  </>
                ) : null}
                {activity.details && differsFromLead(activity.details, lead) ? (
                  <>
                    <dt>Details given</dt>
                    <dd>
                      {enquiryDetailsText(activity.details)} <span className="hint">(not the lead&apos;s details above)</span>
                    </dd>
                  </>
                ) : null}
              </dl>
              {activity.message ? (
                <>
                  <h5>{activity.kind ? "Details" : "Message"}</h5>
                  <p className="lead-message">{activity.message}</p>
                </>
              ) : null}
              {activity.transcript.length ? (
                <>
                  <h5>Service Assistant conversation</h5>
                  {activity.transcript.some((entry) => entry.origin === "browser") ? <p className="hint">{BROWSER_HISTORY_NOTE}</p> : null}
                  <ol className="escalation-transcript" aria-label={`Service Assistant conversation, ${activity.when}`}>
                    {activity.transcript.map((entry, i) => (
                      <li key={i} className={`escalation-message escalation-message-${entry.origin === "server" ? entry.role : "browser"}`}>
                        <p className="escalation-message-meta">
                          <strong>{transcriptAuthor(entry)}</strong>
                        </p>
                        <p className="lead-message">{entry.content}</p>
                      </li>
                    ))}
                  </ol>
                </>
              ) : activity.source === "service-chat" ? (
                <p className="hint">No conversation was kept.</p>
              ) : null}
            </li>
          ))}
        </ol>
      ) : (
        <p className="hint">No enquiries are recorded for this lead.</p>
      )}
    </>
  );
}

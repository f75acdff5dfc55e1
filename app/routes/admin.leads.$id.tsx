import { data, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { createAuthContext } from "~/auth/context.server";
import { requireRole } from "~/auth/guards.server";
import { describedByOf, FieldFrame } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import type { LeadStatus } from "~/db/schema/leads";
import { LEAD_NOTES_MAX, LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS } from "~/leads/admin";
import { AssignLeadOwnerSchema, LEAD_INTENTS, SaveLeadNotesSchema, UpdateLeadStatusSchema, type LeadIntent } from "~/leads/admin-forms";
import {
  assignLeadOwner,
  getLead,
  LeadAdminError,
  listLeadOwners,
  saveLeadNotes,
  updateLeadStatus,
  type LeadActor,
  type LeadConsent,
} from "~/leads/admin.server";
import { differsFromLead, enquiryDetailsText } from "~/leads/enquiry-details";
import { BROWSER_HISTORY_NOTE, transcriptAuthor } from "~/leads/transcript";
import { redirectWithToast } from "~/platform/toast.server";
import { formatDateTime } from "~/utils/format-date-time";
import { parseForm } from "~/utils/forms";
import { NOINDEX, pageMeta } from "~/utils/meta";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const [lead, owners] = await Promise.all([getLead(context.db, params.id ?? ""), listLeadOwners(context.db)]);
  if (!lead) throw new Response("Not found", { status: 404 });
  // Someone no longer on the team can still be the owner: keep them choosable until changed.
  const choosable =
    lead.ownerId && !owners.some((owner) => owner.id === lead.ownerId) ? [...owners, { id: lead.ownerId, label: lead.owner ?? lead.ownerId }] : owners;
  return {
    owners: choosable,
    lead: {
      ...lead,
      firstSeen: formatDateTime(lead.createdAt),
      lastActivity: formatDateTime(lead.lastActivityAt),
      consentText: consentText(lead.consent),
      unsubscribed: lead.unsubscribedAt ? formatDateTime(lead.unsubscribedAt) : null,
      activities: lead.activities.map((activity) => ({
        ...activity,
        when: formatDateTime(activity.createdAt),
        updated: activity.updatedAt !== activity.createdAt ? formatDateTime(activity.updatedAt) : null,
      })),
    },
  };
}

const CONFIRMED_BY = { "email-link": " through the emailed link", "signed-in": " while signed in with this address" } as const;

/** Marketing consent in a sentence: confirmed or pending, when, and from which form. */
function consentText(consent: LeadConsent): string {
  switch (consent.state) {
    case "confirmed": {
      const from = [consent.source, consent.requestedAt ? `asked ${formatDateTime(consent.requestedAt)}` : null].filter(Boolean).join("; ");
      return `Confirmed ${formatDateTime(consent.confirmedAt)}${consent.by ? CONFIRMED_BY[consent.by] : ""}${from ? ` (${from})` : ""}`;
    }
    case "pending":
      return `Pending: confirmation email sent ${formatDateTime(consent.requestedAt)} (${consent.source}); its link works until ${formatDateTime(consent.expiresAt)}`;
    case "not-confirmed":
      return `No: asked ${formatDateTime(consent.requestedAt)} (${consent.source}), never confirmed`;
    case "none":
      return "No";
  }
}

type FieldName = "status" | "ownerId" | "notes";
type ActionData = { intent: LeadIntent | null; errors: Partial<Record<FieldName | "form", string>> };

type IntentArgs = { context: AppLoadContext; leadId: string; formData: FormData; actor: LeadActor; here: string };

const refused = (intent: LeadIntent | null, errors: ActionData["errors"]) => data<ActionData>({ intent, errors }, { status: 400 });

async function updateStatusAction({ context, leadId, formData, actor, here }: IntentArgs) {
  const parsed = parseForm(formData, UpdateLeadStatusSchema);
  if (!parsed.success) return refused("update-status", { status: parsed.errors.status ?? parsed.errors.form ?? "Choose a status from the list." });
  const { changed } = await updateLeadStatus(context.db, leadId, parsed.data.status, actor);
  const label = LEAD_STATUS_LABELS[parsed.data.status];
  return redirectWithToast(
    here,
    changed ? { title: "Status saved", description: `The lead is now ${label}.`, variant: "success" } : { title: `The lead was already ${label}` },
    context.env.SESSION_SECRET,
  );
}

async function assignOwnerAction({ context, leadId, formData, actor, here }: IntentArgs) {
  const parsed = parseForm(formData, AssignLeadOwnerSchema);
  if (!parsed.success) return refused("assign-owner", { ownerId: parsed.errors.ownerId ?? parsed.errors.form ?? "Choose an owner from the list." });
  const ownerId = parsed.data.ownerId || null;
  const { changed } = await assignLeadOwner(context.db, leadId, ownerId, actor);
  const title = !changed ? "The owner is unchanged" : ownerId ? "Owner assigned" : "The lead is now unassigned";
  return redirectWithToast(here, { title, variant: changed ? "success" : undefined }, context.env.SESSION_SECRET);
}

async function saveNotesAction({ context, leadId, formData, actor, here }: IntentArgs) {
  const parsed = parseForm(formData, SaveLeadNotesSchema);
  if (!parsed.success) return refused("save-notes", { notes: parsed.errors.notes ?? parsed.errors.form ?? "The notes couldn't be read." });
  const { changed } = await saveLeadNotes(context.db, leadId, parsed.data.notes, actor);
  return redirectWithToast(
    here,
    { title: changed ? "Notes saved" : "The notes are unchanged", variant: changed ? "success" : undefined },
    context.env.SESSION_SECRET,
  );
}

const INTENT_ACTIONS: Record<LeadIntent, (args: IntentArgs) => Promise<Response | ReturnType<typeof refused>>> = {
  "update-status": updateStatusAction,
  "assign-owner": assignOwnerAction,
  "save-notes": saveNotesAction,
};

function isIntent(value: FormDataEntryValue | null): value is LeadIntent {
  return typeof value === "string" && (LEAD_INTENTS as readonly string[]).includes(value);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const leadId = params.id ?? "";
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!isIntent(intent)) return refused(null, { form: "That action isn't available. Reload the page and try again." });
  const { ipHash } = await createAuthContext(request, context);
  try {
    return await INTENT_ACTIONS[intent]({ context, leadId, formData, actor: { id: viewer.id, ipHash }, here: `/admin/leads/${encodeURIComponent(leadId)}` });
  } catch (error) {
    if (error instanceof LeadAdminError) {
      if (error.status === 404) throw new Response("Not found", { status: 404 });
      return refused(intent, { [error.field ?? "form"]: error.message });
    }
    throw error;
  }
}

function Touch({ touch }: { touch: { source: string; medium: string; campaign: string; landingPage: string } }) {
  return (
    <>
      {touch.source} / {touch.medium} / {touch.campaign}
      {touch.landingPage ? <span className="hint"> · landed on {touch.landingPage}</span> : null}
    </>
  );
}

export default function AdminLead() {
  const { lead, owners } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errorsFor = (intent: LeadIntent | null) => (actionData && actionData.intent === intent ? actionData.errors : {});
  const statusError = errorsFor("update-status").status;
  const ownerError = errorsFor("assign-owner").ownerId ?? errorsFor("assign-owner").form;
  const notesError = errorsFor("save-notes").notes;
  return (
    <section aria-labelledby="lead-heading" className="lead-detail">
      <p>
        <Link to="/admin/leads">← Back to the leads</Link>
      </p>
      <h2 id="lead-heading">{lead.name}</h2>
      <FormError id="lead-form-error" message={errorsFor(null).form} />
      <dl className="email-meta">
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${lead.email}`}>{lead.email}</a>
        </dd>
        <dt>Company</dt>
        <dd>{lead.company ?? "—"}</dd>
        <dt>Phone</dt>
        <dd>{lead.phone ?? "—"}</dd>
        <dt>Business type</dt>
        <dd>{lead.businessType ?? "—"}</dd>
        <dt>Status</dt>
        <dd>
          <span className={`badge lead-status lead-status-${lead.status}`}>{LEAD_STATUS_LABELS[lead.status]}</span>
        </dd>
        <dt>Owner</dt>
        <dd>{lead.owner ?? "Unassigned"}</dd>
        <dt>Marketing consent</dt>
        <dd>
          {lead.consentText}
          {lead.unsubscribed ? (
            <>
              <br />
              {`Unsubscribed ${lead.unsubscribed}: no marketing email is sent to this address.`}
            </>
          ) : null}
        </dd>
        <dt>First seen</dt>
        <dd>
          <time dateTime={lead.createdAt}>{lead.firstSeen}</time> · {LEAD_SOURCE_LABELS[lead.firstSource]}
        </dd>
        <dt>Last activity</dt>
        <dd>
          <time dateTime={lead.lastActivityAt}>{lead.lastActivity}</time>
        </dd>
      </dl>

      <h3>Follow-up</h3>
      <div className="lead-forms">
        <Form method="post" className="lead-form">
          <input type="hidden" name="intent" value="update-status" />
          <FieldFrame id="lead-status" label="Status" error={statusError}>
            <select
              id="lead-status"
              name="status"
              defaultValue={lead.status}
              aria-invalid={statusError ? true : undefined}
              aria-describedby={describedByOf("lead-status", undefined, statusError)}
            >
              {(Object.keys(LEAD_STATUS_LABELS) as LeadStatus[]).map((status) => (
                <option key={status} value={status}>
                  {LEAD_STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </FieldFrame>
          <button type="submit" className="button button-secondary" disabled={busy}>
            Save status
          </button>
        </Form>

        <Form method="post" className="lead-form">
          <input type="hidden" name="intent" value="assign-owner" />
          <FieldFrame id="lead-owner" label="Owner" error={ownerError}>
            <select
              id="lead-owner"
              name="ownerId"
              defaultValue={lead.ownerId ?? ""}
              aria-invalid={ownerError ? true : undefined}
              aria-describedby={describedByOf("lead-owner", undefined, ownerError)}
            >
              <option value="">Unassigned</option>
              {owners.map((owner) => (
                <option key={owner.id} value={owner.id}>
                  {owner.label}
                </option>
              ))}
            </select>
          </FieldFrame>
          <button type="submit" className="button button-secondary" disabled={busy}>
            Assign owner
          </button>
        </Form>
      </div>

      <Form method="post" className="lead-form lead-notes">
        <input type="hidden" name="intent" value="save-notes" />
        <FieldFrame
          id="lead-notes"
          label="Notes"
          hint={`For the team only: calls, next steps, anything worth remembering. Up to ${LEAD_NOTES_MAX.toLocaleString("en-AU")} characters.`}
          error={notesError}
        >
          <textarea
            id="lead-notes"
            name="notes"
            rows={6}
            maxLength={LEAD_NOTES_MAX}
            defaultValue={lead.notes ?? ""}
            aria-invalid={notesError ? true : undefined}
            aria-describedby={describedByOf("lead-notes", "hint", notesError)}
          />
        </FieldFrame>
        <button type="submit" className="button button-secondary" disabled={busy}>
          Save notes
        </button>
      </Form>

      <h3>
        Activity <span className="hint">({lead.activities.length})</span>
      </h3>
      {lead.activities.length ? (
        <ol className="lead-activities" aria-label="Enquiries, newest first">
          {lead.activities.map((activity) => (
            <li key={activity.id} className="lead-activity">
              <h4>
                {LEAD_SOURCE_LABELS[activity.source]} · <time dateTime={activity.createdAt}>{activity.when}</time>
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
                  <h5>Message</h5>
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
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => [
  ...pageMeta(matches, { title: "Lead · Admin", description: "ClarityAI Coaching administration.", path: "/admin/leads" }),
  NOINDEX,
];

import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { createAuthContext } from "~/auth/context.server";
import { requireRole } from "~/auth/guards.server";
import { notFoundResponse, requireFound } from "~/auth/permissions.server";
import { describedByOf, FieldFrame } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import { SelectField } from "~/components/ui/select-field";
import { LEAD_NOTES_MAX, LEAD_SOURCE_LABELS, LEAD_STATUS_LABELS, LEAD_STATUS_OPTIONS } from "~/leads/admin";
import type { LeadIntent } from "~/leads/admin-forms";
import { getLead, LeadAdminError, listLeadOwners } from "~/leads/admin.server";
import { formatTimestamp } from "~/booking/time-zones";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { LeadActivities } from "./activity-list";
import { consentText, INTENT_ACTIONS, isIntent, refused, type ActionData } from "./intents.server";

// One lead for the admins (/admin/leads/{id}): who they are, their consent, the follow-up forms
// (status, owner, notes) and every enquiry they made.

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const [found, owners] = await Promise.all([getLead(context.db, params.id ?? ""), listLeadOwners(context.db)]);
  const lead = requireFound(found);
  // Someone no longer on the team can still be the owner: keep them choosable until changed.
  const choosable =
    lead.ownerId && !owners.some((owner) => owner.id === lead.ownerId) ? [...owners, { id: lead.ownerId, label: lead.owner ?? lead.ownerId }] : owners;
  return {
    owners: choosable,
    lead: {
      ...lead,
      firstSeen: formatTimestamp(lead.createdAt),
      lastActivity: formatTimestamp(lead.lastActivityAt),
      consentText: consentText(lead.consent),
      unsubscribed: lead.unsubscribedAt ? formatTimestamp(lead.unsubscribedAt) : null,
      activities: lead.activities.map((activity) => ({
        ...activity,
        when: formatTimestamp(activity.createdAt),
        updated: activity.updatedAt !== activity.createdAt ? formatTimestamp(activity.updatedAt) : null,
      })),
    },
  };
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
      if (error.status === 404) throw notFoundResponse();
      return refused(intent, { [error.field ?? "form"]: error.message });
    }
    throw error;
  }
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
          <SelectField id="lead-status" name="status" label="Status" defaultValue={lead.status} error={statusError} options={LEAD_STATUS_OPTIONS} />
          <button type="submit" className="button button-secondary" disabled={busy}>
            Save status
          </button>
        </Form>

        <Form method="post" className="lead-form">
          <input type="hidden" name="intent" value="assign-owner" />
          <SelectField
            id="lead-owner"
            name="ownerId"
            label="Owner"
            defaultValue={lead.ownerId ?? ""}
            error={ownerError}
            blank="Unassigned"
            options={owners.map((owner) => ({ value: owner.id, label: owner.label }))}
          />
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

      <LeadActivities lead={lead} />
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => [
  ...pageMeta(matches, { title: "Lead · Admin", description: "ClarityAI Coaching administration.", path: "/admin/leads" }),
  NOINDEX,
];

import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import {
  AssignEscalationSchema,
  EscalationIntentSchema,
  EXPERT_REPLY_MAX_LENGTH,
  ReplyEscalationSchema,
  ResolveEscalationSchema,
} from "~/ai-coach/escalation-schemas";
import { assignEscalation, EscalationError, getEscalation, listAdmins, replyToEscalation, resolveEscalation } from "~/ai-coach/escalations.server";
import { requireRole } from "~/auth/guards.server";
import { Markdown } from "~/components/ai-coach/markdown";
import { FormError } from "~/components/ui/form-error";
import { redirectWithToast } from "~/platform/toast.server";
import { formatTimestamp } from "~/booking/time-zones";
import { parseForm } from "~/utils/forms";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { notFoundResponse, notFoundUnless } from "~/auth/permissions.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const [escalation, admins] = await Promise.all([getEscalation(context.db, params.id ?? ""), listAdmins(context.db)]);
  notFoundUnless(escalation);
  return {
    viewerId: viewer.id,
    admins,
    escalation: {
      ...escalation,
      raised: formatTimestamp(escalation.createdAt, viewer.timeZone),
      replied: escalation.repliedAt ? formatTimestamp(escalation.repliedAt, viewer.timeZone) : null,
      resolved: escalation.resolvedAt ? formatTimestamp(escalation.resolvedAt, viewer.timeZone) : null,
      transcriptPurged: escalation.transcriptPurgedAt ? formatTimestamp(escalation.transcriptPurgedAt, viewer.timeZone) : null,
      transcript: escalation.transcript.map((entry) => ({ ...entry, when: entry.timestamp ? formatTimestamp(entry.timestamp, viewer.timeZone) : null })),
    },
  };
}

type ActionData = { intent: "assign" | "reply" | "resolve" | null; error: string };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const id = params.id ?? "";
  const here = `/admin/escalations/${encodeURIComponent(id)}`;
  const secret = context.env.SESSION_SECRET;
  const formData = await request.formData();
  const intent = EscalationIntentSchema.safeParse(formData.get("intent"));
  if (!intent.success) return data<ActionData>({ intent: null, error: "Choose what to do." }, { status: 400 });
  try {
    switch (intent.data) {
      case "assign": {
        const parsed = parseForm(formData, AssignEscalationSchema);
        if (!parsed.success)
          return data<ActionData>({ intent: "assign", error: Object.values(parsed.errors)[0] ?? "Choose an administrator." }, { status: 400 });
        await assignEscalation(context.db, id, parsed.data.assigneeId, viewer.id);
        const who = parsed.data.assigneeId === viewer.id ? "you" : "the administrator you chose";
        return redirectWithToast(here, { title: "Escalation assigned", description: `It's now assigned to ${who}.`, variant: "success" }, secret);
      }
      case "reply": {
        const parsed = parseForm(formData, ReplyEscalationSchema);
        if (!parsed.success)
          return data<ActionData>({ intent: "reply", error: Object.values(parsed.errors)[0] ?? "Write a reply before sending it." }, { status: 400 });
        const outcome = await replyToEscalation(context, id, viewer.id, parsed.data.reply);
        const parts = [
          outcome.emailedTo ? `It has been emailed to ${outcome.emailedTo}.` : "The client's account has no email address, so it wasn't emailed.",
          outcome.addedToConversation
            ? "It's also in their conversation with ClarityAI."
            : "Their conversation has been deleted (by them, or after 3 months), so the reply couldn't be added to it.",
        ];
        return redirectWithToast(
          here,
          {
            title: outcome.stored ? "Reply sent" : "Reply already sent",
            description: parts.join(" "),
            variant: outcome.addedToConversation && outcome.emailedTo ? "success" : undefined,
          },
          secret,
        );
      }
      case "resolve": {
        const parsed = parseForm(formData, ResolveEscalationSchema);
        if (!parsed.success) return data<ActionData>({ intent: "resolve", error: "Choose what to do." }, { status: 400 });
        const { changed } = await resolveEscalation(context.db, id, viewer.id);
        return redirectWithToast(
          here,
          { title: changed ? "Escalation resolved" : "This escalation was already resolved", variant: changed ? "success" : undefined },
          secret,
        );
      }
    }
  } catch (error) {
    if (error instanceof EscalationError) {
      if (error.status === 404) throw notFoundResponse();
      return data<ActionData>({ intent: intent.data, error: error.message }, { status: error.status });
    }
    throw error;
  }
}

const STATUS_LABELS = { open: "Open", assigned: "Assigned", resolved: "Resolved" } as const;
const ROLE_LABELS = { user: "Client", assistant: "ClarityAI", expert: "ClarityAI expert" } as const;

export default function AdminEscalation() {
  const { escalation, admins, viewerId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errorFor = (intent: ActionData["intent"]) => (actionData && "error" in actionData && actionData.intent === intent ? actionData.error : undefined);
  const resolved = escalation.status === "resolved";
  const defaultAssignee = escalation.assignedTo ?? viewerId;
  return (
    <section aria-labelledby="escalation-heading" className="escalation-detail">
      <p>
        <Link to="/admin/escalations">← Back to the escalations</Link>
      </p>
      <h2 id="escalation-heading">Escalation from {escalation.clientName ?? escalation.clientEmail ?? "a client"}</h2>
      <FormError id="escalation-form-error" message={errorFor(null)} />
      <dl className="email-meta">
        <dt>Status</dt>
        <dd>
          <span className={`badge escalation-status escalation-status-${escalation.status}`}>{STATUS_LABELS[escalation.status]}</span>
        </dd>
        <dt>Client</dt>
        <dd>
          {escalation.clientName ? `${escalation.clientName} · ` : null}
          {escalation.clientEmail ?? "No email address"}
        </dd>
        <dt>Tier</dt>
        <dd>{escalation.tier === "pro" ? "Pro" : escalation.tier === "lite" ? "Lite" : "—"}</dd>
        <dt>Raised</dt>
        <dd>
          <time dateTime={escalation.createdAt}>{escalation.raised}</time> by {escalation.trigger === "model" ? "the coach" : "the client (Ask an expert)"}
        </dd>
        <dt>Reason</dt>
        <dd>{escalation.reason ?? "—"}</dd>
        <dt>Assigned to</dt>
        <dd>{escalation.assignee ?? "No one yet"}</dd>
        {escalation.resolved ? (
          <>
            <dt>Resolved</dt>
            <dd>{escalation.resolved}</dd>
          </>
        ) : null}
      </dl>

      <h3>Question</h3>
      {escalation.question !== null ? (
        <blockquote className="escalation-question">{escalation.question}</blockquote>
      ) : (
        <p className="hint">Cleared on {escalation.transcriptPurged ?? "—"}, with the transcript, after the 3-month retention period.</p>
      )}

      <h3>Transcript</h3>
      {escalation.transcriptPurged ? (
        <p className="hint">
          The transcript was deleted on {escalation.transcriptPurged}, 3 months after the escalation&apos;s last activity, as the privacy notice promises.
        </p>
      ) : escalation.transcript.length ? (
        <ol className="escalation-transcript" aria-label="Conversation when the escalation was raised">
          {escalation.transcript.map((entry, i) => (
            <li key={i} className={`escalation-message escalation-message-${entry.role}`}>
              <p className="escalation-message-meta">
                <strong>{ROLE_LABELS[entry.role]}</strong>
                {entry.when && entry.timestamp ? (
                  <>
                    {" · "}
                    <time dateTime={entry.timestamp}>{entry.when}</time>
                  </>
                ) : null}
              </p>
              <div className="escalation-message-body">
                <Markdown text={entry.content} />
              </div>
            </li>
          ))}
        </ol>
      ) : (
        <p className="hint">No transcript was recorded.</p>
      )}
      {escalation.conversationExists ? null : <p className="hint">The client&apos;s conversation has since been deleted.</p>}

      <h3>Assign</h3>
      {resolved ? (
        <p className="hint">Resolved escalations aren&apos;t reassigned.</p>
      ) : (
        <Form method="post" className="escalation-assign">
          <input type="hidden" name="intent" value="assign" />
          <div className="field">
            <label htmlFor="escalation-assignee">Administrator</label>
            <select
              id="escalation-assignee"
              name="assigneeId"
              defaultValue={defaultAssignee}
              aria-invalid={errorFor("assign") ? true : undefined}
              aria-describedby={errorFor("assign") ? "assign-error" : undefined}
            >
              {admins.map((admin) => (
                <option key={admin.id} value={admin.id}>
                  {admin.id === viewerId ? `Me — ${admin.label}` : admin.label}
                </option>
              ))}
            </select>
          </div>
          <FormError id="assign-error" message={errorFor("assign")} />
          <button type="submit" className="button button-secondary" disabled={busy}>
            Assign
          </button>
        </Form>
      )}

      <h3>Reply to the client</h3>
      {escalation.reply !== null ? (
        <>
          <p className="hint">Sent {escalation.replied ?? ""} by email and into the client&apos;s conversation:</p>
          <blockquote className="escalation-question">{escalation.reply}</blockquote>
          <Form method="post" className="escalation-reply">
            <input type="hidden" name="intent" value="reply" />
            <input type="hidden" name="reply" value={escalation.reply} />
            <FormError id="reply-error" message={errorFor("reply")} />
            <p className="hint">If something went wrong on the way, this completes the delivery. Nothing is sent twice.</p>
            <button type="submit" className="button button-secondary" disabled={busy}>
              Deliver the reply again
            </button>
          </Form>
        </>
      ) : (
        <Form method="post" className="escalation-reply">
          <input type="hidden" name="intent" value="reply" />
          <div className="field">
            <label htmlFor="escalation-reply">Your reply</label>
            <textarea
              id="escalation-reply"
              name="reply"
              rows={8}
              required
              maxLength={EXPERT_REPLY_MAX_LENGTH}
              aria-invalid={errorFor("reply") ? true : undefined}
              aria-describedby={`escalation-reply-hint${errorFor("reply") ? " reply-error" : ""}`}
            />
            <p id="escalation-reply-hint" className="hint">
              Emailed to the client and added to their conversation with ClarityAI as a reply from an expert. Plain text; line breaks are kept.
            </p>
          </div>
          <FormError id="reply-error" message={errorFor("reply")} />
          <button type="submit" className="button" disabled={busy}>
            Send reply
          </button>
        </Form>
      )}

      <h3>Resolve</h3>
      {resolved ? (
        <p className="hint">Resolved {escalation.resolved}.</p>
      ) : (
        <Form method="post" className="escalation-resolve">
          <input type="hidden" name="intent" value="resolve" />
          <FormError id="resolve-error" message={errorFor("resolve")} />
          <p className="hint">
            {escalation.reply === null ? "No reply has been sent yet. Resolve it anyway if it was answered another way." : "The client sees it as resolved."}
          </p>
          <button type="submit" className="button button-secondary" disabled={busy}>
            Mark as resolved
          </button>
        </Form>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches }) => [
  ...pageMeta(matches, { title: "Escalation · Admin", description: "ClarityAI Coaching administration.", path: "/admin/escalations" }),
  NOINDEX,
];

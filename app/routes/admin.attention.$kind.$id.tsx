import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import * as z from "zod";
import { ATTENTION_KIND_LABELS, ATTENTION_KINDS, type AttentionKind } from "~/admin/attention";
import { getAttentionItem } from "~/admin/attention.server";
import { redactedPayload } from "~/admin/redact";
import { createAuthContext } from "~/auth/context.server";
import { requireRole } from "~/auth/guards.server";
import { requireFound } from "~/auth/permissions.server";
import { dismissStripeEventFailure, type StripeFailureOutcome } from "~/billing/event-failures.server";
import { replayStripeEventFailure } from "~/billing/event-replay.server";
import { formatTimestamp } from "~/booking/time-zones";
import { dismissFailedJob, replayFailedJob, type ResolveOutcome } from "~/jobs/failed-jobs.server";
import { redirectWithToast } from "~/platform/toast.server";
import { parseForm } from "~/utils/forms";
import { NOINDEX, pageMeta } from "~/utils/meta";

// One failed item of "Needs attention": what it was (its payload with personal data hidden), why it
// failed, and its actions — replay (or resend, for an email) and dismiss — each confirmed first.

const STATUS_LABELS: Record<string, string> = { failed: "Waiting for review", replayed: "Replayed", dismissed: "Dismissed", applied: "Applied by Stripe" };

function kindOf(value: string | undefined): AttentionKind | null {
  return ATTENTION_KINDS.find((kind) => kind === value) ?? null;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { timeZone } = await requireRole(request, context, "admin");
  const kind = requireFound(kindOf(params.kind));
  const id = params.id ?? "";
  const item = requireFound(await getAttentionItem(context.db, kind, id));
  return {
    kind,
    id,
    kindLabel: ATTENTION_KIND_LABELS[kind],
    type: item.type,
    payload: redactedPayload(item.payload),
    error: item.error,
    attempts: item.attempts,
    first: formatTimestamp(item.firstFailedAt, timeZone),
    last: formatTimestamp(item.lastFailedAt, timeZone),
    lastFailedAt: item.lastFailedAt,
    status: item.status,
    statusLabel: STATUS_LABELS[item.status] ?? item.status,
    resolved: item.resolvedAt ? formatTimestamp(item.resolvedAt, timeZone) : null,
    outboxId: item.outboxId,
    outboxStatus: item.outboxStatus,
  };
}

const ActionSchema = z.object({ intent: z.enum(["replay", "dismiss"], { error: "Choose whether to replay or dismiss it." }) });

type ActionData = { error: string };

type Outcome = ResolveOutcome | StripeFailureOutcome;

const TOASTS: Record<AttentionKind, Partial<Record<Outcome, { title: string; description?: string; variant?: "success" }>>> = {
  email: {
    replayed: { title: "Email sent again", description: "Its delivery was queued again; it leaves this list.", variant: "success" },
    dismissed: { title: "Email dismissed", description: "It stays unsent in the outbox.", variant: "success" },
  },
  job: {
    replayed: { title: "Job queued again", description: "If it fails every retry again, it comes back to this list.", variant: "success" },
    dismissed: { title: "Job dismissed", description: "It won't be retried.", variant: "success" },
  },
  stripe: {
    replayed: { title: "Stripe event applied", description: "Its effect was applied once; replaying it again changes nothing.", variant: "success" },
    dismissed: { title: "Stripe event dismissed", description: "It won't be applied.", variant: "success" },
  },
};

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const kind = requireFound(kindOf(params.kind));
  const id = params.id ?? "";
  const parsed = parseForm(await request.formData(), ActionSchema);
  if (!parsed.success) return data<ActionData>({ error: Object.values(parsed.errors)[0] ?? "That request wasn't complete." }, { status: 400 });
  const { intent } = parsed.data;
  const { ipHash } = await createAuthContext(request, context);
  const admin = { id: viewer.id, ipHash };
  const now = context.services.clock.now();
  let outcome: Outcome;
  if (kind === "stripe") {
    outcome = intent === "replay" ? await replayStripeEventFailure(context, id, admin) : await dismissStripeEventFailure(context.db, id, admin, now);
  } else {
    requireFound(await getAttentionItem(context.db, kind, id));
    if (intent === "replay") {
      try {
        outcome = await replayFailedJob(context.db, context.cloudflare.env.JOBS, id, viewer.id, ipHash, now);
      } catch (error) {
        console.error("attention: replay could not be queued", { id, error: error instanceof Error ? error.message : String(error) });
        return data<ActionData>({ error: "It couldn't be queued again just now. It is still waiting for review; please try again shortly." }, { status: 503 });
      }
    } else {
      outcome = await dismissFailedJob(context.db, id, viewer.id, ipHash, now);
    }
  }
  const secret = context.env.SESSION_SECRET;
  const toast = TOASTS[kind][outcome];
  if (toast) return redirectWithToast("/admin/attention", toast, secret);
  switch (outcome) {
    case "not-found":
      return data<ActionData>({ error: "That item no longer exists." }, { status: 404 });
    case "already-resolved":
      return redirectWithToast(`/admin/attention/${kind}/${encodeURIComponent(id)}`, { title: "That was already replayed or dismissed" }, secret);
    case "failed-again":
      return data<ActionData>(
        { error: "It failed again (the new error is shown below). It is still waiting for review; fix the cause and replay it, or dismiss it." },
        { status: 409 },
      );
    default:
      return data<ActionData>({ error: "What was stored can no longer be replayed. Dismiss it instead." }, { status: 400 });
  }
}

export default function AttentionItem() {
  const item = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const busy = useNavigation().state === "submitting";
  const isEmail = item.kind === "email";
  const replayLabel = isEmail ? "Resend" : "Replay";
  const replayConsequence = isEmail
    ? "The email's delivery is queued again. The recipient gets it once: the provider refuses a second copy of the same email."
    : item.kind === "stripe"
      ? "The stored event is applied again through the same code as Stripe's delivery. If it already took effect, nothing changes."
      : "The job's message is sent to the queue again and runs shortly, with its retries.";
  return (
    <section aria-labelledby="item-heading">
      <p>
        <Link to="/admin/attention">← Back to Needs attention</Link>
      </p>
      <h2 id="item-heading">
        {item.kindLabel}: <code>{item.type}</code>
      </h2>
      {actionData?.error ? (
        <p className="form-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <dl className="email-meta">
        <dt>Status</dt>
        <dd>
          {item.statusLabel}
          {item.resolved ? ` (${item.resolved})` : ""}
        </dd>
        <dt>Id</dt>
        <dd>
          <code>{item.id}</code>
        </dd>
        <dt>Last error</dt>
        <dd className="cell-wrap">{item.error ?? "Not recorded"}</dd>
        <dt>Attempts</dt>
        <dd>{item.attempts}</dd>
        <dt>{item.kind === "stripe" ? "First failed" : "First queued"}</dt>
        <dd>{item.first}</dd>
        <dt>Last failed</dt>
        <dd>
          <time dateTime={item.lastFailedAt}>{item.last}</time>
        </dd>
        {item.outboxId ? (
          <>
            <dt>Email</dt>
            <dd>
              {item.outboxStatus === "pending"
                ? "Still waiting to send"
                : item.outboxStatus
                  ? `Outbox status: ${item.outboxStatus}`
                  : "No longer in the outbox"}
              {item.outboxStatus ? (
                <>
                  {" · "}
                  <Link to={`/admin/outbox/${item.outboxId}`}>Open it in the outbox</Link> (shows the recipient)
                </>
              ) : null}
            </dd>
          </>
        ) : null}
      </dl>
      <h3>{item.kind === "stripe" ? "Event payload" : "Job message"}</h3>
      <p className="hint">Names, email addresses, phone numbers, postal addresses and card details are hidden.</p>
      <pre className="email-body" tabIndex={0} aria-label="Payload with personal details hidden">
        {item.payload}
      </pre>
      {item.status === "failed" ? (
        <div className="attention-actions">
          <details className="ops-confirm">
            <summary className="button button-primary">{replayLabel}…</summary>
            <Form method="post" className="ops-confirm-panel">
              <p>{replayConsequence}</p>
              <button type="submit" name="intent" value="replay" className="button button-primary" disabled={busy}>
                Yes, {replayLabel.toLowerCase()} it
              </button>
            </Form>
          </details>
          <details className="ops-confirm">
            <summary className="button button-secondary">Dismiss…</summary>
            <Form method="post" className="ops-confirm-panel">
              <p>
                {isEmail
                  ? "The email is never sent: it stays in the outbox as waiting to send, and leaves this list."
                  : item.kind === "stripe"
                    ? "The event is never applied (unless Stripe delivers it again and it succeeds). It leaves this list."
                    : "The job is never run again. It leaves this list."}
              </p>
              <button type="submit" name="intent" value="dismiss" className="button button-secondary" disabled={busy}>
                Yes, dismiss it
              </button>
            </Form>
          </details>
        </div>
      ) : null}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: item, matches }) => [
  ...pageMeta(matches, {
    title: item ? `${item.kindLabel} ${item.type} · Needs attention · Admin` : "Needs attention · Admin",
    description: "ClarityAI Coaching administration.",
    path: "/admin/attention",
  }),
  NOINDEX,
];

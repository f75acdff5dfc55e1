import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { createAuthContext } from "~/auth/context.server";
import { requireRole } from "~/auth/guards.server";
import { notFoundResponse, requireFound } from "~/auth/permissions.server";
import { checkStepUp, stepUpDue } from "~/auth/step-up.server";
import { formatCents } from "~/billing/describe";
import { formatTimestamp } from "~/booking/time-zones";
import { connectAccountDashboardUrl, getPayoutForAdmin, retryFailedPayout } from "~/coach-network/admin-payouts.server";
import { HELD_REASON_TEXT, PAYOUT_STATE_LABELS, PAYOUT_STATUS_LABELS, type PayoutAccountState } from "~/coach-network/payout-state";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { FormError } from "~/components/ui/form-error";
import { StepUpField } from "~/components/ui/step-up-field";
import { redirectWithToast } from "~/platform/toast.server";
import { NOINDEX, pageMeta } from "~/utils/meta";

// One coach payout for the admins: its statement, amount and state, its Stripe history (transfer,
// bank payout, failure, attempts), and — for a failed one — the retry, confirmed first and behind a
// fresh authenticator code like every money action.

const ID = /^[A-Za-z0-9-]{1,64}$/;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const id = params.id ?? "";
  if (!ID.test(id)) throw notFoundResponse();
  const [payout, stepUp] = await Promise.all([getPayoutForAdmin(context.db, id), stepUpDue(context, viewer)]);
  const found = requireFound(payout);
  const zone = viewer.timeZone;
  const accountState = (found.accountState ?? "not_started") as PayoutAccountState;
  return {
    stepUp,
    payout: {
      id: found.id,
      coachId: found.coachId,
      coachName: found.coachName,
      coachEmail: found.coachEmail ?? "",
      number: found.number,
      period: found.period,
      issuedAt: formatTimestamp(found.statementIssuedAt, zone),
      amount: formatCents(found.amountCents),
      status: found.status,
      statusLabel: PAYOUT_STATUS_LABELS[found.status],
      heldReason: found.heldReason ? HELD_REASON_TEXT[found.heldReason] : null,
      failureMessage: found.failureMessage,
      attempt: found.attempt,
      stripeTransferId: found.stripeTransferId,
      stripePayoutId: found.stripePayoutId,
      transferredAt: found.transferredAt ? formatTimestamp(found.transferredAt, zone) : null,
      paidAt: found.paidAt ? formatTimestamp(found.paidAt, zone) : null,
      createdAt: formatTimestamp(found.createdAt, zone),
      updatedAt: formatTimestamp(found.updatedAt, zone),
      abnConfirmed: Boolean(found.abnConfirmedAt),
      accountState: PAYOUT_STATE_LABELS[accountState] ?? accountState,
      stripeUrl: connectAccountDashboardUrl(context.env, found.connectAccountId ?? found.stripeAccountId),
    },
  };
}

type ActionData = { errors: { form?: string; stepUpCode?: string } };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireRole(request, context, "admin");
  const id = params.id ?? "";
  if (!ID.test(id)) throw notFoundResponse();
  const payout = requireFound(await getPayoutForAdmin(context.db, id));
  const formData = await request.formData();
  if (formData.get("intent") !== "retry")
    return data<ActionData>({ errors: { form: "That action isn't available. Reload the page and try again." } }, { status: 400 });
  if (payout.status !== "failed") {
    return data<ActionData>(
      { errors: { form: `Only a failed payout can be retried. This one is ${PAYOUT_STATUS_LABELS[payout.status].toLowerCase()}.` } },
      { status: 409 },
    );
  }
  // Money leaves the business: a fresh authenticator code when the last one is over 10 minutes old.
  const stepUp = await checkStepUp(request, context, viewer, formData);
  if (!stepUp.ok) return data<ActionData>({ errors: { stepUpCode: stepUp.message } }, { status: stepUp.status });
  const { ipHash } = await createAuthContext(request, context);
  const outcome = await retryFailedPayout(context, { payoutId: payout.id, actorId: viewer.id, ipHash });
  if (!outcome.ok) {
    if (outcome.status === 404) throw notFoundResponse();
    return data<ActionData>({ errors: { form: outcome.message } }, { status: outcome.status });
  }
  const description =
    outcome.status === "held"
      ? `It is held: ${outcome.heldReason ? HELD_REASON_TEXT[outcome.heldReason] : "waiting for the next payout run."} It goes as soon as that changes.`
      : outcome.stripePayoutId
        ? `${formatCents(payout.amountCents)} is on its way to ${payout.coachName}'s bank account.`
        : "Stripe didn't take it just now; the payout run tries again every 15 minutes.";
  return redirectWithToast(
    `/admin/payouts/${encodeURIComponent(payout.id)}`,
    { title: "Payout retried", description, variant: "success" },
    context.env.SESSION_SECRET,
  );
}

export default function AdminPayout() {
  const { payout, stepUp } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.errors ?? {};
  return (
    <section aria-labelledby="payout-heading">
      <p>
        <Link to="/admin/payouts">← Back to the payouts</Link>
      </p>
      <h2 id="payout-heading">Payout for statement {payout.number}</h2>
      <FormError message={errors.form} />
      <dl className="email-meta">
        <dt>Coach</dt>
        <dd>
          <Link to={`/admin/coaches/${payout.coachId}`}>{payout.coachName}</Link> ({payout.coachEmail})
        </dd>
        <dt>Statement</dt>
        <dd>
          {payout.number}, {payout.period} (issued {payout.issuedAt})
        </dd>
        <dt>Amount</dt>
        <dd>{payout.amount}</dd>
        <dt>Status</dt>
        <dd>
          <strong>{payout.statusLabel}</strong>
          {payout.heldReason ? ` — ${payout.heldReason}` : null}
        </dd>
        {payout.failureMessage ? (
          <>
            <dt>Failure</dt>
            <dd className="cell-wrap">{payout.failureMessage}</dd>
          </>
        ) : null}
        <dt>Attempts</dt>
        <dd>
          {payout.attempt === 0 ? "The first (not retried)" : `${payout.attempt + 1} (retried ${payout.attempt} ${payout.attempt === 1 ? "time" : "times"})`}
        </dd>
        <dt>Transfer to the coach&apos;s Stripe account</dt>
        <dd>
          {payout.stripeTransferId ? <code>{payout.stripeTransferId}</code> : "None yet"}
          {payout.transferredAt ? ` on ${payout.transferredAt}` : null}
        </dd>
        <dt>Payout to the coach&apos;s bank</dt>
        <dd>
          {payout.stripePayoutId ? <code>{payout.stripePayoutId}</code> : "None yet"}
          {payout.paidAt ? `, paid on ${payout.paidAt}` : null}
        </dd>
        <dt>Coach&apos;s ABN and payout account</dt>
        <dd>
          ABN {payout.abnConfirmed ? "confirmed" : "not confirmed"}; payout account {payout.accountState.toLowerCase()}
        </dd>
        <dt>Created and last changed</dt>
        <dd>
          {payout.createdAt}; {payout.updatedAt}
        </dd>
      </dl>
      {payout.stripeUrl ? (
        <p>
          <a href={payout.stripeUrl} target="_blank" rel="noreferrer">
            Open the coach&apos;s account in the Stripe dashboard (opens in a new tab)
          </a>
        </p>
      ) : (
        <p className="hint">Payments run in the local sandbox here, so there is no Stripe dashboard to link to.</p>
      )}
      {payout.status === "failed" ? (
        <ConfirmAction
          label="Retry the payout…"
          tone="primary"
          confirmLabel={`Yes, send ${payout.amount} again`}
          fields={{ intent: "retry" }}
          disabled={busy}
          defaultOpen={Boolean(errors.stepUpCode)}
          consequence={`Sends ${payout.amount} to ${payout.coachName}'s bank account again through Stripe (with a new transfer to their Stripe account first if the last one was reversed). If their ABN isn't confirmed or their payout account isn't active, it is held until it is.`}
        >
          <StepUpField id="retry-step-up" required={stepUp} error={errors.stepUpCode} />
        </ConfirmAction>
      ) : null}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ matches, data: loaded }) => [
  ...pageMeta(matches, {
    title: loaded ? `Payout ${loaded.payout.number} · Admin` : "Payout · Admin",
    description: "ClarityAI Coaching administration.",
    path: loaded ? `/admin/payouts/${loaded.payout.id}` : "/admin/payouts",
  }),
  NOINDEX,
];

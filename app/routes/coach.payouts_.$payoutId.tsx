import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import stylesHref from "~/styles/booking-portals.css?url";
import { requireRole } from "~/auth/guards.server";
import { formatCents } from "~/billing/describe";
import { formatTimestamp } from "~/booking/time-zones";
import { ABN_HOLD_NOTICE, HELD_REASON_TEXT, PAYOUT_STATUS_LABELS } from "~/coach-network/payout-state";
import { getCoachPayout } from "~/coach-network/payouts.server";
import { PageHero } from "~/components/page-hero";
import { SectionErrorBoundary } from "~/components/section-error-boundary";
import { NOINDEX, pageMeta } from "~/utils/meta";

// One payout: the statement it pays, where the money is, and Stripe's references for it. Another
// coach's payout is not found, as one that does not exist.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  const id = params.payoutId ?? "";
  const payout = id.length <= 64 ? await getCoachPayout(context.db, viewer.id, id) : null;
  if (!payout) throw new Response("Not found", { status: 404 });
  return {
    ...payout,
    amount: formatCents(payout.amountCents),
    statusLabel: PAYOUT_STATUS_LABELS[payout.status],
    heldText: payout.status === "held" && payout.heldReason ? HELD_REASON_TEXT[payout.heldReason] : null,
    issued: formatTimestamp(payout.issuedAt),
    transferred: payout.transferredAt ? formatTimestamp(payout.transferredAt) : null,
    paid: payout.paidAt ? formatTimestamp(payout.paidAt) : null,
  };
}

export default function CoachPayout() {
  const payout = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero
        eyebrow="Coach portal"
        title={`Payout for statement ${payout.number}`}
        lead="Where your share of this statement is, from our Stripe account to your bank."
        crumbs={[{ label: "Home", to: "/" }, { label: "Coach portal", to: "/coach" }, { label: "Payouts", to: "/coach/payouts" }, { label: payout.number }]}
      />
      <section className="section" aria-labelledby="payout-heading">
        <div className="container page-narrow">
          <div className="card">
            <h2 id="payout-heading">
              {payout.amount} · {payout.statusLabel}
            </h2>
            <dl>
              <dt>Statement</dt>
              <dd>
                {payout.number} for {payout.period}, issued {payout.issued}
              </dd>
              <dt>Amount</dt>
              <dd>{payout.amount}</dd>
              <dt>Status</dt>
              <dd>{payout.statusLabel}</dd>
              {payout.transferred ? (
                <>
                  <dt>Transferred to your Stripe account</dt>
                  <dd>{payout.transferred}</dd>
                </>
              ) : null}
              {payout.paid ? (
                <>
                  <dt>Paid into your bank account</dt>
                  <dd>{payout.paid}</dd>
                </>
              ) : null}
              {payout.stripeTransferId ? (
                <>
                  <dt>Stripe transfer</dt>
                  <dd>
                    <code>{payout.stripeTransferId}</code>
                  </dd>
                </>
              ) : null}
              {payout.stripePayoutId ? (
                <>
                  <dt>Stripe payout</dt>
                  <dd>
                    <code>{payout.stripePayoutId}</code>
                  </dd>
                </>
              ) : null}
            </dl>
            {payout.heldText ? (
              <p role="note">
                {payout.heldText} {payout.heldReason === "abn_unconfirmed" ? ABN_HOLD_NOTICE : null}
              </p>
            ) : null}
            {payout.status === "failed" && payout.failureMessage ? (
              <p role="note">{payout.failureMessage} We'll be in touch to pay it another way; you can also reply to your statement email.</p>
            ) : null}
            <p>
              <Link to="/coach/payouts">Back to payouts</Link>
            </p>
          </div>
        </div>
      </section>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Payout", description: "A payout of a statement.", path: "/coach/payouts" }),
  NOINDEX,
];

export function ErrorBoundary() {
  return (
    <SectionErrorBoundary
      section="coach"
      notFound={{ heading: "Payout not found", message: "There's no payout of yours at this address." }}
      failed={{ heading: "Payout", message: "This payout couldn't be shown just now." }}
    />
  );
}

import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import stylesHref from "~/styles/booking-portals.css?url";
import { requireRole } from "~/auth/guards.server";
import { formatCents } from "~/billing/describe";
import { BillingError } from "~/billing/errors";
import { formatTimestamp } from "~/booking/time-zones";
import { loadPayoutAccount, onboardingLink, payoutAccountState } from "~/coach-network/payout-accounts.server";
import {
  ABN_HOLD_NOTICE,
  HELD_REASON_TEXT,
  PAYOUT_ACCOUNT_STATES,
  PAYOUT_STATE_EXPLANATIONS,
  PAYOUT_STATE_LABELS,
  PAYOUT_STATUS_LABELS,
} from "~/coach-network/payout-state";
import { listCoachPayouts } from "~/coach-network/payouts.server";
import { PageHero } from "~/components/page-hero";
import { SectionErrorBoundary } from "~/components/section-error-boundary";
import { FormError } from "~/components/ui/form-error";
import { coachProfiles } from "~/db/schema";
import { eq } from "drizzle-orm";
import { NOINDEX, pageMeta } from "~/utils/meta";

// The coach's payouts: their Stripe Connect (Express) account's state, with a way into Stripe's
// onboarding form, why payouts wait for a confirmed ABN, and a payout per statement.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  const [state, account, payouts, profile] = await Promise.all([
    payoutAccountState(context.db, viewer.id),
    loadPayoutAccount(context.db, viewer.id),
    listCoachPayouts(context.db, viewer.id),
    context.db.select({ abnConfirmedAt: coachProfiles.abnConfirmedAt }).from(coachProfiles).where(eq(coachProfiles.coachId, viewer.id)).get(),
  ]);
  const due = account ? (JSON.parse(account.requirementsDue) as string[]).length : 0;
  return {
    state,
    requirementsDue: due,
    abnConfirmed: Boolean(profile?.abnConfirmedAt),
    payouts: payouts.map((payout) => ({
      ...payout,
      amount: formatCents(payout.amountCents),
      statusLabel: PAYOUT_STATUS_LABELS[payout.status],
      note:
        payout.status === "held" && payout.heldReason
          ? HELD_REASON_TEXT[payout.heldReason]
          : payout.status === "paid"
            ? `Paid into your bank account on ${formatTimestamp(payout.paidAt)}.`
            : payout.status === "pending"
              ? `Transferred to your Stripe account on ${formatTimestamp(payout.transferredAt)}.`
              : (payout.failureMessage ?? ""),
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  const intent = (await request.formData()).get("intent");
  if (intent !== "onboard") return data({ error: "That action isn't available. Please reload the page and try again." }, { status: 400 });
  if ((await payoutAccountState(context.db, viewer.id)) === "active") return redirect("/coach/payouts");
  try {
    return redirect(await onboardingLink(context, { id: viewer.id, email: viewer.email }));
  } catch (error) {
    if (error instanceof BillingError) return data({ error: error.message }, { status: error.status >= 500 ? 503 : error.status });
    throw error;
  }
}

const BUTTON_LABELS: Record<string, string> = {
  not_started: "Set up payouts with Stripe",
  details_needed: "Continue setting up payouts",
  pending_verification: "Check or update your details",
  restricted: "Update your details with Stripe",
};

export default function CoachPayouts() {
  const { state, requirementsDue, abnConfirmed, payouts } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <>
      <PageHero
        eyebrow="Coach portal"
        title="Payouts"
        lead="We pay your share of each monthly statement into your bank account through Stripe Connect, in Australian dollars."
        crumbs={[{ label: "Home", to: "/" }, { label: "Coach portal", to: "/coach" }, { label: "Payouts" }]}
      />
      <section className="section" aria-labelledby="payout-account-heading">
        <div className="container page-narrow">
          <div className="card">
            <h2 id="payout-account-heading">Your payout account</h2>
            <p>
              Status:{" "}
              <strong className="badge" data-testid="payout-state">
                {PAYOUT_STATE_LABELS[state]}
              </strong>
            </p>
            <p>{PAYOUT_STATE_EXPLANATIONS[state]}</p>
            {state === "restricted" && requirementsDue > 0 ? (
              <p>
                Stripe is asking for {requirementsDue} more {requirementsDue === 1 ? "detail" : "details"}.
              </p>
            ) : null}
            {actionData && "error" in actionData ? <FormError message={actionData.error} /> : null}
            {state !== "active" ? (
              <Form method="post" reloadDocument>
                <button type="submit" name="intent" value="onboard" className="button button-primary" disabled={busy}>
                  {BUTTON_LABELS[state]}
                </button>
              </Form>
            ) : null}
            <details>
              <summary>What each status means</summary>
              <dl>
                {PAYOUT_ACCOUNT_STATES.map((each) => (
                  <div key={each}>
                    <dt>{PAYOUT_STATE_LABELS[each]}</dt>
                    <dd>{PAYOUT_STATE_EXPLANATIONS[each]}</dd>
                  </div>
                ))}
              </dl>
            </details>
          </div>
        </div>
      </section>
      <section className="section" aria-labelledby="payout-abn-heading">
        <div className="container page-narrow">
          <div className={abnConfirmed ? "card" : "card notice"} role={abnConfirmed ? undefined : "note"}>
            <h2 id="payout-abn-heading">Your ABN</h2>
            {abnConfirmed ? (
              <p>Your ABN is confirmed, so nothing is withheld from your payouts and none are held for it.</p>
            ) : (
              <>
                <p>
                  <strong>{ABN_HOLD_NOTICE}</strong>
                </p>
                <p>
                  <Link to="/coach/profile">Confirm your ABN</Link> and any payouts held for it are released straight away (once your payout account is active).
                </p>
              </>
            )}
          </div>
        </div>
      </section>
      <section className="section" aria-labelledby="payout-history-heading">
        <div className="container page-narrow">
          <div className="card">
            <h2 id="payout-history-heading">Payout history</h2>
            {payouts.length ? (
              <ul className="coach-sessions">
                {payouts.map((payout) => (
                  <li key={payout.id} className="coach-session">
                    <p>
                      <Link to={`/coach/payouts/${payout.id}`}>
                        Statement {payout.number} ({payout.period})
                      </Link>
                    </p>
                    <p>
                      <strong>{payout.amount}</strong> · {payout.statusLabel}
                    </p>
                    {payout.note ? <p className="hint">{payout.note}</p> : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p>No payouts yet. Each monthly statement with an amount owing to you is paid out here once it's issued.</p>
            )}
          </div>
        </div>
      </section>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Payouts", description: "Your payout account and payouts.", path: "/coach/payouts" }),
  NOINDEX,
];

export function ErrorBoundary() {
  return (
    <SectionErrorBoundary
      section="coach"
      notFound={{ heading: "Payouts", message: "That page isn't here." }}
      failed={{ heading: "Payouts", message: "Your payouts couldn't be shown just now." }}
    />
  );
}

import { redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { formatCents, intervalWord } from "~/billing/describe";
import {
  cancelSandboxCheckout,
  notFound,
  paySandboxCheckout,
  requireSandbox,
  sandboxCheckout,
  sandboxCheckoutNeedsOwner,
} from "~/billing/sandbox/pages.server";
import { NOINDEX } from "~/utils/meta";

// The local payments sandbox's checkout page: Stripe Checkout's stand-in when no Stripe key is set.

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireSandbox(context);
  const id = params.id ?? "";
  const viewer = (await sandboxCheckoutNeedsOwner(context, id)) ? await requireUser(request, context) : null;
  return sandboxCheckout(context, viewer?.id ?? null, id);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  requireSandbox(context);
  const id = params.id ?? "";
  if (!id) throw notFound();
  const viewer = (await sandboxCheckoutNeedsOwner(context, id)) ? await requireUser(request, context) : null;
  const intent = (await request.formData()).get("intent");
  if (intent !== "pay" && intent !== "cancel") {
    return new Response("Choose Pay or Cancel.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const viewerId = viewer?.id ?? null;
  return redirect(intent === "pay" ? await paySandboxCheckout(context, viewerId, id) : await cancelSandboxCheckout(context, viewerId, id));
}

export default function SandboxCheckout() {
  const session = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  const per = session.interval === "year" ? "year" : "month";
  const oneOff = session.mode === "payment";
  return (
    <section className="section">
      <div className="container page-narrow sandbox-page">
        <p className="sandbox-banner" role="note">
          <strong>Local payments sandbox — no real money moves.</strong> This page stands in for Stripe Checkout because no Stripe key is configured.
        </p>
        <h1>Pay for {session.planName}</h1>
        <dl className="sandbox-summary">
          {oneOff ? (
            <>
              <dt>For</dt>
              <dd>{session.planName}, one-off payment</dd>
              <dt>Amount</dt>
              <dd>
                {formatCents(session.amountCents)}, including GST of {formatCents(session.gstCents)}
              </dd>
            </>
          ) : (
            <>
              <dt>Plan</dt>
              <dd>
                {session.planName}, {intervalWord(session.interval ?? "month")}
              </dd>
              <dt>Price</dt>
              <dd>
                {formatCents(session.amountCents)} per {per}, including GST of {formatCents(session.gstCents)}
              </dd>
            </>
          )}
          {session.email ? (
            <>
              <dt>Email</dt>
              <dd>{session.email}</dd>
            </>
          ) : null}
          <dt>Card</dt>
          <dd>Test card 4242 4242 4242 4242, any future expiry, any CVC</dd>
        </dl>
        {session.status === "open" ? (
          <Form method="post" className="sandbox-actions">
            <button type="submit" name="intent" value="pay" className="button button-primary" disabled={busy}>
              Pay {formatCents(session.amountCents)}
            </button>
            <button type="submit" name="intent" value="cancel" className="button button-secondary" disabled={busy}>
              Cancel
            </button>
          </Form>
        ) : session.status === "expired" ? (
          <Form method="post" className="sandbox-actions">
            <p role="status">This checkout has expired. Nothing was charged.</p>
            <button type="submit" name="intent" value="cancel" className="button button-primary">
              Go back
            </button>
          </Form>
        ) : (
          <Form method="post" className="sandbox-actions">
            <p role="status">This checkout is already {session.status === "complete" ? "paid" : session.status}.</p>
            <button type="submit" name="intent" value="pay" className="button button-primary">
              Continue
            </button>
          </Form>
        )}
      </div>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Checkout — local payments sandbox" }, NOINDEX];

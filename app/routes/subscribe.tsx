import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { BUSINESS } from "~/content/business";
import { confirmConsent, consentPageState, type ConsentPageState } from "~/leads/consent.server";
import { CONSENT_LINK_DAYS } from "~/leads/lead-fields";
import { NOINDEX, pageMeta } from "~/utils/meta";

// The link in a marketing-consent confirmation email (double opt-in) leads here; it works without
// signing in. Opening the link only asks (mail scanners follow links); the button records it.

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const STATUS: Record<ConsentPageState["kind"], number> = { missing: 200, confirm: 200, done: 200, invalid: 400, expired: 410 };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await consentPageState(context.db, context.env, new URL(request.url).searchParams.get("token"));
  return data(state, { status: STATUS[state.kind] });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const field = (await request.formData()).get("token");
  const state = await confirmConsent(context.db, context.env, typeof field === "string" ? field : null);
  // A form without a token is a broken form, not a visitor who opened the page without one.
  return data(state.kind === "missing" ? { kind: "invalid" as const } : state, { status: state.kind === "missing" ? 400 : STATUS[state.kind] });
}

function Outcome({ state }: { state: ConsentPageState }) {
  switch (state.kind) {
    case "done":
      return (
        <>
          <h1>You&apos;re subscribed</h1>
          <p role="status">
            Thanks for confirming. We&apos;ll send practical tips and occasional offers from {BUSINESS.name} to {state.address}. Every email has a link to stop
            them.
          </p>
        </>
      );
    case "confirm":
      return (
        <>
          <h1>Confirm your subscription</h1>
          <p>
            Send practical tips and occasional offers from {BUSINESS.name} to {state.address}? You can stop them at any time with the link at the bottom of each
            email.
          </p>
          <Form method="post" replace>
            <input type="hidden" name="token" value={state.token} />
            <button type="submit" className="button button-primary">
              Yes, send me emails
            </button>
          </Form>
          <p className="hint">If you didn&apos;t ask for our emails, close this page: nothing will be sent to you.</p>
        </>
      );
    case "expired":
      return (
        <>
          <h1>That confirmation link has expired</h1>
          <p>
            Confirmation links work for {CONSENT_LINK_DAYS} days, so we haven&apos;t subscribed you. To get our emails, tick the box next time you contact us or
            download a resource, or write to <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a>.
          </p>
        </>
      );
    case "invalid":
      return (
        <>
          <h1>That confirmation link didn&apos;t work</h1>
          <p>
            It may have been cut short when it was copied, so we haven&apos;t subscribed you. Open the link in the email again, or write to{" "}
            <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a>.
          </p>
        </>
      );
    case "missing":
      return (
        <>
          <h1>Confirm your subscription</h1>
          <p>
            To start receiving our emails, use the link in the confirmation email we sent you. Haven&apos;t got one? Tick the box for tips and offers when you{" "}
            <Link to="/contact">contact us</Link> or <Link to="/resources">download a resource</Link>.
          </p>
        </>
      );
  }
}

export default function Subscribe() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  return (
    <section className="section">
      <div className="container page-narrow">
        <Outcome state={acted ?? loaded} />
      </div>
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: `Confirm your subscription | ${BUSINESS.name}`,
    description: `Confirm you'd like emails from ${BUSINESS.name}.`,
    path: "/subscribe",
  }),
  NOINDEX,
];

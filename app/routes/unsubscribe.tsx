import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { BUSINESS } from "~/content/business";
import { unsubscribeState, unsubscribeWithToken, type UnsubscribeState } from "~/email/unsubscribe.server";
import { NOINDEX, pageMeta } from "~/utils/meta";

// Marketing emails link here with a signed token naming the address; it works without signing
// in. Opening the link only asks (mail scanners follow links); the button, or a mail client's
// one-click request (RFC 8058: a POST of "List-Unsubscribe=One-Click" to the same URL), records it.

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = await unsubscribeState(context.db, context.env, new URL(request.url).searchParams.get("token"));
  return data(state, { status: state.kind === "invalid" ? 400 : 200 });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const field = form.get("token");
  const token = typeof field === "string" ? field : new URL(request.url).searchParams.get("token");
  const state = await unsubscribeWithToken(context.db, context.env, token);
  return data(state, { status: state.kind === "done" ? 200 : 400 });
}

function Outcome({ state }: { state: UnsubscribeState }) {
  switch (state.kind) {
    case "done":
      return (
        <>
          <h1>You&apos;re unsubscribed</h1>
          <p role="status">
            We won&apos;t send marketing emails to {state.address} any more. You&apos;ll still get the emails you need about your account, such as sign-in codes
            and security notices.
          </p>
        </>
      );
    case "confirm":
      return (
        <>
          <h1>Unsubscribe from our emails</h1>
          <p>
            Stop marketing emails from {BUSINESS.name} to {state.address}? You&apos;ll still get the emails you need about your account, such as sign-in codes
            and security notices.
          </p>
          <Form method="post" replace>
            <input type="hidden" name="token" value={state.token} />
            <button type="submit" className="button button-primary">
              Unsubscribe
            </button>
          </Form>
        </>
      );
    case "invalid":
      return (
        <>
          <h1>That unsubscribe link didn&apos;t work</h1>
          <p>
            It may have been cut short when it was copied. Open the link in the email again, or write to{" "}
            <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a> and we&apos;ll take you off our list.
          </p>
        </>
      );
    case "missing":
      return (
        <>
          <h1>Unsubscribe from our emails</h1>
          <p>
            To stop marketing emails, use the unsubscribe link at the bottom of any of them, or write to{" "}
            <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a> and we&apos;ll take you off our list.
          </p>
        </>
      );
  }
}

export default function Unsubscribe() {
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
  ...pageMeta(matches, { title: `Unsubscribe | ${BUSINESS.name}`, description: `Stop marketing emails from ${BUSINESS.name}.`, path: "/unsubscribe" }),
  NOINDEX,
];

import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { createWebSession } from "~/auth/web-sessions.server";
import { acceptInvitation, DEFAULT_INVITE_LANDING, invitationLinkState, requestNewInvitation, type InvitationLinkState } from "~/auth/invitations.server";
import { mfaStepHref } from "~/auth/mfa-gate.server";
import { NewPasswordSchema } from "~/auth/schemas";
import { attemptAuth } from "~/auth/web-auth.server";
import { PageHero } from "~/components/page-hero";
import { FormError } from "~/components/ui/form-error";
import { BUSINESS } from "~/content/business";
import { redirectWithToast } from "~/platform/toast.server";
import { parseForm } from "~/utils/forms";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { safeRedirect } from "~/utils/redirect";
import { AuthField, Submit } from "~/components/auth/fields";
import { refusal } from "~/auth/sign-in-responses.server";
import { stepHref, type AuthErrors } from "~/auth/sign-in-steps";

// /auth/invite?token=…&redirectTo=…: the link in an invitation email (app/auth/invitations.server.ts).
// Opening it only looks at the link (a mail scanner that follows links cannot spend it); choosing a
// password uses it up, confirms the email, signs the person in and takes them to redirectTo. A
// link that was used, replaced or has expired gets a page saying so and how to get a new one.

const TOKEN = /^[\w-]{20,100}$/;

type Closed = Exclude<InvitationLinkState["state"], "usable">;
type InvitePage =
  | { state: "usable"; token: string; email: string; firstName: string | null; redirectTo: string }
  | { state: Closed; email: string | null; token: string; redirectTo: string };

async function linkState(context: LoaderFunctionArgs["context"], token: string): Promise<InvitationLinkState> {
  if (!TOKEN.test(token)) return { state: "unknown" };
  return invitationLinkState({ db: context.db, config: context.auth }, token);
}

function closedPage(state: Exclude<InvitationLinkState, { state: "usable" }>, token: string, redirectTo: string) {
  // Only an expired link's token is kept, for asking the team for a new invitation.
  const page: InvitePage = {
    state: state.state,
    email: state.state === "expired" ? state.email : null,
    token: state.state === "expired" ? token : "",
    redirectTo,
  };
  return data(page, { status: state.state === "expired" ? 410 : 404 });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), DEFAULT_INVITE_LANDING);
  const token = url.searchParams.get("token") ?? "";
  const state = await linkState(context, token);
  if (state.state !== "usable") return closedPage(state, token, redirectTo);
  return data<InvitePage>({ state: "usable", token, email: state.email, firstName: state.firstName, redirectTo });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const token = String(formData.get("token") ?? "");
  const redirectTo = safeRedirect(formData.get("redirectTo"), DEFAULT_INVITE_LANDING);
  if (formData.get("intent") === "ask-team") {
    const asked = TOKEN.test(token)
      ? await requestNewInvitation({ db: context.db, appEnv: context.env, config: context.auth, jobs: context.services.jobs }, token)
      : null;
    // 202: the request is passed on to the team (and outranks the page's own status for the expired link).
    if (asked) return data({ asked: asked.email }, { status: 202 });
    const state = await linkState(context, token);
    // A link still usable needs no new invitation: its form is shown again, saying so.
    if (state.state === "usable") return data({ errors: { form: "This invitation still works: choose your password below." } as AuthErrors }, { status: 400 });
    return closedPage(state, token, redirectTo);
  }
  const state = await linkState(context, token);
  if (state.state !== "usable") return closedPage(state, token, redirectTo);
  const parsed = parseForm(formData, NewPasswordSchema);
  if (!parsed.success) return data({ errors: parsed.errors as AuthErrors }, { status: 400 });
  const result = await attemptAuth(request, context, (ctx) => acceptInvitation(ctx, { linkToken: token, password: parsed.data.password }));
  if (!result.ok) {
    // Used up by another tab between the check above and now: the same page as for a used link.
    if (result.error.code === "otp_expired") return closedPage({ state: "unknown" }, token, redirectTo);
    const refused = refusal("new-password", result.error);
    return data({ errors: refused.data.errors ?? {} }, refused.init ?? { status: 400 });
  }
  const session = result.value;
  const cookie = await createWebSession(context, session);
  const owesMfa = (session.user.factors ?? []).some((f) => f.factor_type === "totp" && f.status === "verified");
  return redirectWithToast(
    owesMfa ? mfaStepHref(redirectTo) : redirectTo,
    { title: "Welcome to ClarityAI Coaching", description: "Your password is set and you're signed in.", variant: "success" },
    context.env.SESSION_SECRET,
    { headers: { "Set-Cookie": cookie } },
  );
}

function askTeamHref(email: string | null) {
  const params = new URLSearchParams({
    subject: "A new invitation to ClarityAI Coaching",
    body: `Hi team,\n\nMy invitation link to ClarityAI Coaching has expired or no longer works. Could you please send me a new one${email ? ` at ${email}` : ""}?\n\nThanks`,
  });
  return `mailto:${BUSINESS.email}?${params.toString().replace(/\+/g, "%20")}`;
}

function ClosedInvitation({ state, email, token, redirectTo }: { state: Closed; email: string | null; token: string; redirectTo: string }) {
  const expired = state === "expired";
  return (
    <>
      <PageHero
        eyebrow="Your invitation"
        title={expired ? "This invitation has expired" : "This invitation link can't be used"}
        lead={
          expired
            ? "Invitation links work for 7 days. Ask the team for a new one and we'll email it to you."
            : "It has already been used, or a newer invitation has replaced it. If you've already chosen your password, sign in. Otherwise, ask the team for a new invitation."
        }
      />
      <section className="section auth-section" aria-label="What you can do next">
        <div className="container">
          <div className="card auth-card">
            {expired ? (
              <Form method="post" className="form">
                <input type="hidden" name="intent" value="ask-team" />
                <input type="hidden" name="token" value={token} />
                <input type="hidden" name="redirectTo" value={redirectTo} />
                <Submit busy="Asking the team…">Ask the team for a new invitation</Submit>
              </Form>
            ) : (
              <p>
                <a href={askTeamHref(email)} className="button button-primary">
                  Ask the team for a new invitation
                </a>
              </p>
            )}
            <ul className="auth-links">
              <li>
                <Link to={stepHref("sign-in", redirectTo)}>Sign in</Link>
              </li>
              <li>
                <Link to={stepHref("forgot", redirectTo)}>Forgot your password?</Link>
              </li>
            </ul>
            <p className="hint">
              You can also email <a href={askTeamHref(email)}>{BUSINESS.email}</a> or call <a href={BUSINESS.phoneHref}>{BUSINESS.phone}</a>.
            </p>
          </div>
        </div>
      </section>
    </>
  );
}

function AskedTeam({ email }: { email: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <>
      <PageHero
        eyebrow="Your invitation"
        title="We've asked the team for a new invitation"
        lead={`They'll email a fresh link to ${email}, usually within one business day.`}
      />
      <section className="section auth-section" aria-labelledby="asked-heading">
        <div className="container">
          <div className="card auth-card" role="status">
            <h2 id="asked-heading" ref={headingRef} tabIndex={-1}>
              What happens next
            </h2>
            <p>When it arrives, open the link in the new email within 7 days to choose your password. Links in older emails won't work.</p>
            <p className="hint">
              In a hurry? Email <a href={`mailto:${BUSINESS.email}`}>{BUSINESS.email}</a> or call <a href={BUSINESS.phoneHref}>{BUSINESS.phone}</a>.
            </p>
          </div>
        </div>
      </section>
    </>
  );
}

export default function AcceptInvitation() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const cardRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!actionData) return;
    // After a refused password, move focus to the first problem so it is read out.
    cardRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .form-error')?.focus();
  }, [actionData]);

  if (actionData && "asked" in actionData) return <AskedTeam email={actionData.asked} />;
  const closed = actionData && "state" in actionData ? actionData : page.state !== "usable" ? page : null;
  if (closed) return <ClosedInvitation state={closed.state} email={closed.email} token={closed.token} redirectTo={closed.redirectTo} />;
  if (page.state !== "usable") return null;

  const errors: AuthErrors = actionData && "errors" in actionData ? actionData.errors : {};
  return (
    <>
      <PageHero
        eyebrow="Your invitation"
        title={page.firstName ? `Welcome, ${page.firstName}` : "Welcome to ClarityAI Coaching"}
        lead="Choose a password to finish setting up your account. You'll be signed in straight away."
      />
      <section className="section auth-section" aria-labelledby="invite-heading">
        <div className="container">
          <div className="card auth-card" ref={cardRef}>
            <h2 id="invite-heading">Choose your password</h2>
            <Form method="post" className="form" noValidate>
              <input type="hidden" name="token" value={page.token} />
              <input type="hidden" name="redirectTo" value={page.redirectTo} />
              <FormError message={errors.form} />
              <AuthField id="invite-email" label="Email">
                {(props) => <input {...props} name="email" type="email" autoComplete="username" value={page.email} readOnly />}
              </AuthField>
              <AuthField id="auth-password" label="Password" hint="At least 8 characters. Avoid common passwords." error={errors.password}>
                {(props) => <input {...props} name="password" type="password" autoComplete="new-password" maxLength={1000} required />}
              </AuthField>
              <AuthField id="auth-confirm-password" label="Confirm password" error={errors.confirmPassword}>
                {(props) => <input {...props} name="confirmPassword" type="password" autoComplete="new-password" maxLength={1000} required />}
              </AuthField>
              <Submit busy="Setting up your account…">Set password and continue</Submit>
            </Form>
          </div>
        </div>
      </section>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Accept your invitation",
    description: "Choose a password to finish setting up your ClarityAI Coaching account.",
    path: "/auth/invite",
  }),
  NOINDEX,
];

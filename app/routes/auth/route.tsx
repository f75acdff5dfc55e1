import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { owesMfaStep } from "~/auth/mfa-gate.server";
import { PageHero } from "~/components/page-hero";
import { redirectWithToast } from "~/platform/toast.server";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { safeRedirect } from "~/utils/redirect";
import { requiredRole, ROLE_PAGES, type Denial } from "./denial";
import {
  confirmSignUp,
  forgotPassword,
  resendConfirmation,
  resetCode,
  sendCode,
  setNewPassword,
  signIn,
  signUp,
  switchAccount,
  verifyCode,
  verifyMfa,
  type AuthIntentHandler,
} from "./intents.server";
import { invalid } from "~/auth/sign-in-responses.server";
import { finishSso, ssoProblem, ssoProvider, startSso } from "./sso.server";
import { DeniedView, STEP_FORMS } from "./step-forms";
import {
  DEFAULT_REDIRECT,
  LINKED_STEPS,
  STEP_HEADINGS,
  stepHref,
  type AuthActionData,
  type AuthErrors,
  type SsoProvider,
  type Step,
} from "~/auth/sign-in-steps";

// One page for every way in: password sign-in, sign-up (then the emailed confirmation code), an
// emailed sign-in code, password recovery, and the authenticator-app step. Each form posts an
// `intent`, handled by that form's handler in intents.server.ts. Everything works without JavaScript.

type AuthPage = { step: Step; redirectTo: string; sso: SsoProvider | null; errors?: AuthErrors; denial?: Denial };

// A refusal for too many attempts carries Retry-After (app/auth/sign-in-responses.server.ts' refusal).
export const headers: HeadersFunction = ({ actionHeaders }) => actionHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), DEFAULT_REDIRECT);
  const requested = url.searchParams.get("step");
  const viewer = await context.viewer();
  if (viewer) {
    if (owesMfaStep(viewer)) return data<AuthPage>({ step: "mfa", redirectTo, sso: null });
    if (requested === "new-password") return data<AuthPage>({ step: "new-password", redirectTo, sso: null });
    if (url.searchParams.has("denied")) {
      // A page's guard sent them here for a role they lack. Trust the viewer's roles, not the link:
      // with the role after all, they go on to the page; without it, they are told why.
      const role = requiredRole(redirectTo);
      if (role && viewer.roles.includes(role)) throw redirect(redirectTo);
      if (role) return data<AuthPage>({ step: "sign-in", redirectTo, sso: null, denial: { role, email: viewer.email } });
    }
    // Never back to redirectTo otherwise: a page that sent a signed-in user here would send them
    // straight back, in a loop.
    throw await redirectWithToast(DEFAULT_REDIRECT, { title: "You're already signed in" }, context.env.SESSION_SECRET);
  }
  const sso = ssoProvider(context);
  const stage = url.searchParams.get("sso");
  if (sso && stage === "start") throw await startSso(context, sso, redirectTo);
  if (sso && stage === "callback") throw await finishSso(request, context, redirectTo);
  const problem = sso ? ssoProblem(sso, stage) : undefined;
  if (problem) return data<AuthPage>({ step: "sign-in", redirectTo, sso, errors: { form: problem } });
  const step = LINKED_STEPS.find((s) => s === requested) ?? "sign-in";
  return data<AuthPage>({ step, redirectTo, sso });
}

const INTENT_HANDLERS: Record<string, AuthIntentHandler> = {
  "sign-in": signIn,
  "sign-up": signUp,
  "confirm-sign-up": confirmSignUp,
  "verify-code": verifyCode,
  "reset-code": resetCode,
  "resend-confirmation": resendConfirmation,
  "send-code": sendCode,
  forgot: forgotPassword,
  "new-password": setNewPassword,
  mfa: verifyMfa,
  "switch-account": switchAccount,
};

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  const redirectTo = safeRedirect(formData.get("redirectTo"), DEFAULT_REDIRECT);
  const handler = typeof intent === "string" && Object.hasOwn(INTENT_HANDLERS, intent) ? INTENT_HANDLERS[intent] : undefined;
  if (!handler) return invalid("sign-in", { form: "Something was missing from that form. Please try again." });
  return handler({ request, context, formData, redirectTo });
}

/** The page's h1 and tab title for a step: creating an account says so; every other step is signing in. */
function pageTitle(step: Step) {
  return step === "sign-up" ? "Create your account" : "Sign in to ClarityAI Coaching";
}

export default function Auth() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<AuthActionData>();
  const step = actionData?.step ?? loaderData.step;
  const { redirectTo, sso, denial } = loaderData;
  const cardRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!actionData) return;
    // After a post, move focus to what needs attention: the first problem, or the new step's heading.
    const target = cardRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .form-error') ?? cardRef.current?.querySelector<HTMLElement>("h2");
    target?.focus();
  }, [actionData]);

  if (denial) {
    const { page, audience, account } = ROLE_PAGES[denial.role];
    return (
      <>
        <PageHero eyebrow="Your account" title={`${page} is for ${audience}`} lead={`You're signed in as ${denial.email}, which isn't ${account}.`} />
        <section className="section auth-section" aria-labelledby="auth-step-heading">
          <div className="container">
            <div className="card auth-card">
              <DeniedView denial={denial} redirectTo={redirectTo} />
            </div>
          </div>
        </section>
      </>
    );
  }

  const StepForm = STEP_FORMS[step];
  const tabs = step === "sign-in" || step === "sign-up";
  return (
    <>
      <PageHero eyebrow="Your account" title={pageTitle(step)} lead="Your learning hub, profile and ClarityAI business coach — all in one place." />
      <section className="section auth-section" aria-labelledby="auth-step-heading">
        <div className="container">
          <div className="card auth-card" ref={cardRef}>
            {tabs ? (
              <nav aria-label="Sign in or sign up" className="auth-tabs">
                <Link to={stepHref("sign-in", redirectTo)} aria-current={step === "sign-in" ? "page" : undefined} replace>
                  Sign in
                </Link>
                <Link to={stepHref("sign-up", redirectTo)} aria-current={step === "sign-up" ? "page" : undefined} replace>
                  Create an account
                </Link>
              </nav>
            ) : null}
            <h2 id="auth-step-heading" tabIndex={-1}>
              {STEP_HEADINGS[step]}
            </h2>
            <StepForm
              step={step}
              redirectTo={redirectTo}
              errors={actionData?.errors ?? loaderData.errors ?? {}}
              values={actionData?.values ?? {}}
              notice={actionData?.notice}
              captcha={actionData?.captcha}
              sso={sso}
            />
          </div>
        </div>
      </section>
    </>
  );
}

/** The tab title of a step a link opens: what its heading says ("Create your account" for the sign-up view). */
function stepTitle(step: Step | undefined): string {
  if (step === "sign-up") return "Create your account";
  if (step === undefined || step === "sign-in") return "Sign In";
  return STEP_HEADINGS[step];
}

export const meta: MetaFunction<typeof loader> = ({ data: page, matches }) => {
  const role = page?.denial?.role;
  return [
    ...pageMeta(matches, {
      title: role ? `${ROLE_PAGES[role].page} is for ${ROLE_PAGES[role].audience}` : stepTitle(page?.step),
      description: "Sign in to ClarityAI Coaching, or create an account, to use your learning hub, profile and the ClarityAI business coach.",
      path: "/auth",
    }),
    NOINDEX,
  ];
};

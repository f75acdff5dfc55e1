import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { owesMfaStep } from "~/auth/mfa-gate.server";
import { PageHero } from "~/components/page-hero";
import { redirectWithToast } from "~/platform/toast.server";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { safeRedirect } from "~/utils/redirect";
import {
  confirmSignUp,
  forgotPassword,
  resendConfirmation,
  resetCode,
  sendCode,
  setNewPassword,
  signIn,
  signUp,
  verifyCode,
  verifyMfa,
  type AuthIntentHandler,
} from "./intents.server";
import { invalid } from "./responses.server";
import { STEP_FORMS } from "./step-forms";
import { DEFAULT_REDIRECT, LINKED_STEPS, STEP_HEADINGS, stepHref, type AuthActionData, type Step } from "./steps";

// One page for every way in: password sign-in, sign-up (then the emailed confirmation code), an
// emailed sign-in code, password recovery, and the authenticator-app step. Each form posts an
// `intent`, handled by that form's handler in intents.server.ts. Everything works without JavaScript.

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), DEFAULT_REDIRECT);
  const requested = url.searchParams.get("step");
  const viewer = await context.viewer();
  if (viewer) {
    if (owesMfaStep(viewer)) return { step: "mfa" as Step, redirectTo };
    if (requested === "new-password") return { step: "new-password" as Step, redirectTo };
    // Never back to redirectTo: a page that sent a signed-in user here (a missing role) would
    // send them straight back, in a loop.
    throw await redirectWithToast(DEFAULT_REDIRECT, { title: "You're already signed in" }, context.env.SESSION_SECRET);
  }
  const step = LINKED_STEPS.find((s) => s === requested) ?? "sign-in";
  return { step, redirectTo };
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
};

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  const redirectTo = safeRedirect(formData.get("redirectTo"), DEFAULT_REDIRECT);
  const handler = typeof intent === "string" && Object.hasOwn(INTENT_HANDLERS, intent) ? INTENT_HANDLERS[intent] : undefined;
  if (!handler) return invalid("sign-in", { form: "Something was missing from that form. Please try again." });
  return handler({ request, context, formData, redirectTo });
}

export default function Auth() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<AuthActionData>();
  const step = actionData?.step ?? loaderData.step;
  const { redirectTo } = loaderData;
  const cardRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!actionData) return;
    // After a post, move focus to what needs attention: the first problem, or the new step's heading.
    const target = cardRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], .form-error') ?? cardRef.current?.querySelector<HTMLElement>("h2");
    target?.focus();
  }, [actionData]);

  const StepForm = STEP_FORMS[step];
  const tabs = step === "sign-in" || step === "sign-up";
  return (
    <>
      <PageHero
        eyebrow="Your account"
        title="Sign in to ClarityAI Coaching"
        lead="Your learning hub, profile and ClarityAI business coach — all in one place."
      />
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
              errors={actionData?.errors ?? {}}
              values={actionData?.values ?? {}}
              notice={actionData?.notice}
              captcha={actionData?.captcha}
            />
          </div>
        </div>
      </section>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Sign In",
    description: "Sign in to ClarityAI Coaching, or create an account, to use your learning hub, profile and the ClarityAI business coach.",
    path: "/auth",
  }),
  NOINDEX,
];

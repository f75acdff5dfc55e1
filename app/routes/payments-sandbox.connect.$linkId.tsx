import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireUser } from "~/auth/guards.server";
import { SandboxOnboardingSchema, sandboxOnboardingLink, submitSandboxOnboarding, type SandboxOnboardingField } from "~/billing/sandbox/connect-pages.server";
import { requireSandbox } from "~/billing/sandbox/pages.server";
import { Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import { NOINDEX } from "~/utils/meta";

// The local payments sandbox's Connect onboarding form: Stripe's hosted Express onboarding's
// stand-in when no Stripe key is set. The coach "submits" their details and goes back to the site.

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireSandbox(context);
  const viewer = await requireUser(request, context);
  const link = await sandboxOnboardingLink(context, viewer.id, params.linkId ?? "");
  if (!link.usable) throw redirect(link.refreshUrl);
  return { email: link.email, name: [viewer.firstName, viewer.lastName].filter(Boolean).join(" ") };
}

type ActionData = { errors: Partial<Record<SandboxOnboardingField | "form", string>>; values: Record<string, string> };

export async function action({ request, context, params }: ActionFunctionArgs) {
  requireSandbox(context);
  const viewer = await requireUser(request, context);
  const linkId = params.linkId ?? "";
  const link = await sandboxOnboardingLink(context, viewer.id, linkId);
  if (!link.usable) throw redirect(link.refreshUrl);
  const form = Object.fromEntries([...(await request.formData())].map(([key, value]) => [key, typeof value === "string" ? value : ""]));
  if (form.intent === "later") return redirect(await submitSandboxOnboarding(context, linkId, "incomplete"));
  const parsed = SandboxOnboardingSchema.safeParse(form);
  if (!parsed.success) {
    const errors: ActionData["errors"] = {};
    for (const issue of parsed.error.issues) {
      const key = (issue.path[0] === "intent" ? "form" : issue.path[0]) as keyof ActionData["errors"];
      errors[key] ??= issue.message;
    }
    // Only the form's own fields go back into it.
    const values = Object.fromEntries((["legalName", "bsb", "accountNumber", "outcome"] as const).map((name) => [name, (form[name] ?? "").slice(0, 200)]));
    return data<ActionData>({ errors, values }, { status: 400 });
  }
  return redirect(await submitSandboxOnboarding(context, linkId, parsed.data.outcome));
}

export default function SandboxConnectOnboarding() {
  const { email, name } = useLoaderData<typeof loader>();
  const actionData = useActionData<ActionData>();
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  const busy = useNavigation().state !== "idle";
  const outcome = values.outcome ?? "verified";
  return (
    <section className="section">
      <div className="container page-narrow sandbox-page">
        <p className="sandbox-banner" role="note">
          <strong>Local payments sandbox — no real money moves.</strong> This page stands in for Stripe's payout account setup because no Stripe key is
          configured.
        </p>
        <h1>Set up your payout account</h1>
        <p>
          ClarityAI Coaching pays you through Stripe Connect{email ? ` (account for ${email})` : ""}. Enter the details Stripe would ask for: use test values,
          nothing is checked with a bank.
        </p>
        <FormError message={errors.form} />
        <Form method="post" noValidate>
          <Field name="legalName" label="Legal or business name" required error={errors.legalName} value={values.legalName ?? name}>
            {(props) => <input {...props} type="text" autoComplete="name" />}
          </Field>
          <Field name="bsb" label="BSB" required hint="Test BSB: 000-000" error={errors.bsb} value={values.bsb ?? "000-000"}>
            {(props) => <input {...props} type="text" inputMode="numeric" autoComplete="off" />}
          </Field>
          <Field
            name="accountNumber"
            label="Account number"
            required
            hint="Test account: 000123456"
            error={errors.accountNumber}
            value={values.accountNumber ?? "000123456"}
          >
            {(props) => <input {...props} type="text" inputMode="numeric" autoComplete="off" />}
          </Field>
          <fieldset className="field" aria-describedby={errors.outcome ? "outcome-error" : undefined}>
            <legend>What Stripe's check of your details finds</legend>
            <label>
              <input type="radio" name="outcome" value="verified" defaultChecked={outcome === "verified"} /> Verified straight away
            </label>
            <label>
              <input type="radio" name="outcome" value="pending" defaultChecked={outcome === "pending"} /> Still checking (pending verification)
            </label>
            {errors.outcome ? (
              <p id="outcome-error" className="field-error">
                {errors.outcome}
              </p>
            ) : null}
          </fieldset>
          <div className="sandbox-actions">
            <button type="submit" name="intent" value="submit" className="button button-primary" disabled={busy}>
              Submit details
            </button>
            <button type="submit" name="intent" value="later" className="button button-secondary" disabled={busy} formNoValidate>
              Finish later
            </button>
          </div>
        </Form>
      </div>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: "Payout account setup — local payments sandbox" }, NOINDEX];

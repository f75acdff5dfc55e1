import type { Db } from "~/db/client.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { and, desc, eq, isNull } from "drizzle-orm";
import { useEffect, useRef } from "react";
import { z } from "zod";
import { verifyPassword } from "~/auth/password.server";
import { qrCodeSvg } from "~/auth/qr";
import type { SessionResponse } from "~/auth/token-sessions.server";
import { PageHero } from "~/components/page-hero";
import { authSessions, mfaFactors, profiles, users } from "~/db/schema";
import { formatAbn, isValidAbn, normaliseAbn } from "~/accounts/abn";
import { optionalText, parseForm, type FieldErrors } from "~/utils/forms";
import { BUSINESS_TYPES } from "~/leads/lead-fields";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { deleteUserData } from "~/accounts/deletion.server";
import { ensureProfile } from "~/accounts/profiles.server";
import { describeUserAgent, formatDateTime } from "~/utils/format";
import { consumeRateLimit, tooManyRequests } from "~/platform/rate-limit.server";
import { authApi, signOut, updateWebSession, type Viewer } from "~/auth/web-sessions.server";
import { requireUser } from "~/auth/guards.server";
import { redirectWithToast } from "~/platform/toast.server";
import { STATE_ORDER, STATES } from "~/content/australia";
import { Field } from "~/components/ui/field";

const TABS = [
  { id: "details", label: "Details" },
  { id: "security", label: "Security" },
  { id: "privacy", label: "Privacy" },
  { id: "ai-assistant", label: "AI assistant" },
] as const;
type Tab = (typeof TABS)[number]["id"];


function tabOf(request: Request): Tab {
  const tab = new URL(request.url).searchParams.get("tab");
  return TABS.find((t) => t.id === tab)?.id ?? "details";
}

async function securityData(db: Db, viewer: Viewer) {
  const [account, factorRows, sessionRows] = await Promise.all([
    db.query.users.findFirst({ columns: { passwordHash: true }, where: eq(users.id, viewer.id) }),
    db
      .select({
        id: mfaFactors.id,
        type: mfaFactors.factorType,
        status: mfaFactors.status,
        friendlyName: mfaFactors.friendlyName,
        createdAt: mfaFactors.createdAt,
      })
      .from(mfaFactors)
      .where(eq(mfaFactors.userId, viewer.id))
      .orderBy(mfaFactors.createdAt),
    db
      .select({
        id: authSessions.id,
        createdAt: authSessions.createdAt,
        refreshedAt: authSessions.refreshedAt,
        userAgent: authSessions.userAgent,
        aal: authSessions.aal,
      })
      .from(authSessions)
      .where(and(eq(authSessions.userId, viewer.id), isNull(authSessions.revokedAt)))
      .orderBy(desc(authSessions.createdAt))
      .limit(50),
  ]);
  return {
    aal: viewer.aal,
    hasPassword: Boolean(account?.passwordHash),
    hasVerifiedFactor: factorRows.some((f) => f.status === "verified"),
    factors: factorRows.map((f) => ({ ...f, added: formatDateTime(f.createdAt) })),
    sessions: sessionRows
      // This device first, then newest first.
      .sort((a, b) => Number(b.id === viewer.authSessionId) - Number(a.id === viewer.authSessionId))
      .map((s) => ({
        id: s.id,
        current: s.id === viewer.authSessionId,
        device: describeUserAgent(s.userAgent),
        signedIn: formatDateTime(s.createdAt),
        signedInIso: s.createdAt,
        lastActive: formatDateTime(s.refreshedAt ?? s.createdAt),
        lastActiveIso: s.refreshedAt ?? s.createdAt,
        twoStep: s.aal === "aal2",
      })),
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const tab = tabOf(request);
  const db = context.db;
  const profile = await ensureProfile(db, viewer.id);
  return {
    tab,
    email: viewer.email,
    memberSince: formatDateTime(viewer.createdAt),
    profile: {
      firstName: profile.firstName ?? "",
      lastName: profile.lastName ?? "",
      company: profile.company ?? "",
      industry: profile.industry ?? "",
      businessType: profile.businessType ?? "",
      state: profile.state ?? "",
      abn: profile.abn ? formatAbn(profile.abn) : "",
    },
    security: tab === "security" ? await securityData(db, viewer) : null,
  };
}

// Built on demand inside the action, so zod stays out of the browser bundle.
function schemas() {
  const DetailsSchema = z.object({
    firstName: z
      .string({ error: "Enter your first name" })
      .trim()
      .min(1, "Enter your first name")
      .max(100, "First name must be 100 characters or fewer"),
    lastName: optionalText(100, "Last name"),
    company: optionalText(160, "Business name"),
    industry: optionalText(100, "Industry"),
    businessType: z
      .union([z.literal(""), z.enum(BUSINESS_TYPES)], { error: "Choose a business type from the list" })
      .optional()
      .transform((value) => value || undefined),
    state: z
      .union([z.literal(""), z.enum(STATE_ORDER)], { error: "Choose a state or territory from the list" })
      .optional()
      .transform((value) => value || undefined),
    abn: z
      .string()
      .trim()
      .max(20, "Enter the 11 digits of your ABN")
      .optional()
      .refine((value) => !value || isValidAbn(value), "That ABN isn't valid. Check the 11 digits against the Australian Business Register")
      .transform((value) => (value ? normaliseAbn(value)! : undefined)),
  });

  const PasswordSchema = z
    .object({
      currentPassword: z.string().max(200, "That password is too long").optional(),
      password: z.string({ error: "Enter a new password" }).min(8, "Use at least 8 characters").max(72, "Use 72 characters or fewer"),
      confirmPassword: z.string().optional(),
    })
    .refine((values) => values.password === values.confirmPassword, { path: ["confirmPassword"], message: "The new passwords don't match" });

  const FactorIdSchema = z.object({ factorId: z.uuid("That authenticator wasn't found") });

  const VerifyFactorSchema = z.object({
    factorId: z.uuid("That authenticator wasn't found"),
    // Carried back so the QR code can be shown again if the first code is wrong.
    secret: z.string().regex(/^[A-Z2-7]{16,128}=*$/, "Start the set-up again"),
    uri: z.string().max(1000).startsWith("otpauth://totp/", "Start the set-up again"),
    code: z
      .string({ error: "Enter the 6-digit code from your authenticator app" })
      .transform((value) => value.replace(/\s/g, ""))
      .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app")),
  });

  const DeleteSchema = z.object({
    confirm: z
      .string({ error: "Type DELETE to confirm" })
      .trim()
      .refine((value) => value === "DELETE", "Type DELETE, in capitals, to confirm"),
  });
  return { DetailsSchema, PasswordSchema, FactorIdSchema, VerifyFactorSchema, DeleteSchema };
}

const INTENTS = ["update-details", "change-password", "enrol-totp", "verify-totp", "remove-factor", "sign-out-others", "delete-account"] as const;
type Intent = (typeof INTENTS)[number];

type Enrolment = { factorId: string; secret: string; uri: string; qrCode: string };
type ActionData = {
  intent: Intent | null;
  errors: FieldErrors<Record<string, string>>;
  values?: Record<string, string>;
  enrolment?: Enrolment;
};

// Passwords are never echoed back into the page.
function safeValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === "string" && !/password|code|confirm/i.test(key)) values[key] = value;
  return values;
}

function fail(intent: Intent | null, errors: ActionData["errors"], extra: Partial<ActionData> = {}, status = 400) {
  return data<ActionData>({ intent, errors, ...extra }, { status });
}

function apiMessage(result: { data: Record<string, unknown> }, fallback: string): string {
  const message = result.data.message ?? result.data.msg;
  return typeof message === "string" && message ? message : fallback;
}

/**
 * A refusal from the auth API is a form error to the person (400, as every invalid form here; 429
 * keeps its meaning); anything else is our fault and shows as a calm 500.
 */
function apiStatus(status: number) {
  if (status === 429) return 429;
  return status >= 400 && status < 500 ? 400 : 500;
}

function qrDataUri(svgOrUri: string): string {
  return svgOrUri.startsWith("data:") ? svgOrUri : `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgOrUri)}`;
}

const PASSWORD_CHECK_LIMIT = { name: "profile-current-password", limit: 10, windowMs: 15 * 60_000 };

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const env = context.env;
  const db = context.db;
  const formData = await request.formData();
  const { DetailsSchema, PasswordSchema, FactorIdSchema, VerifyFactorSchema, DeleteSchema } = schemas();
  const rawIntent = formData.get("intent");
  const intent = INTENTS.find((i) => i === rawIntent) ?? null;
  const toSecurity = (title: string, description?: string) =>
    redirectWithToast("/profile?tab=security", { title, description, variant: "success" }, env.SESSION_SECRET);

  switch (intent) {
    case "update-details": {
      const parsed = parseForm(formData, DetailsSchema);
      if (!parsed.success) return fail(intent, parsed.errors, { values: safeValues(formData) });
      const details = parsed.data;
      // Names live in the profile (what the site shows) and in user_metadata (what the auth API
      // and Supabase clients see). The API call goes first: if it is refused, nothing is saved.
      const result = await authApi(request, context, viewer, "/user", {
        method: "PUT",
        body: { data: { first_name: details.firstName, last_name: details.lastName ?? "" } },
      });
      if (!result.ok) {
        return fail(
          intent,
          { form: apiMessage(result, "Your details couldn't be saved. Please try again.") },
          { values: safeValues(formData) },
          apiStatus(result.status)
        );
      }
      await ensureProfile(db, viewer.id);
      const fields = {
        firstName: details.firstName,
        lastName: details.lastName ?? null,
        company: details.company ?? null,
        industry: details.industry ?? null,
        businessType: details.businessType ?? null,
        state: details.state ?? null,
        abn: details.abn ?? null,
        updatedAt: new Date().toISOString(),
      };
      await db.update(profiles).set(fields).where(eq(profiles.userId, viewer.id));
      return redirectWithToast(
        "/profile?tab=details",
        { title: "Details saved", description: "Your profile is up to date.", variant: "success" },
        env.SESSION_SECRET
      );
    }

    case "change-password": {
      const parsed = parseForm(formData, PasswordSchema);
      if (!parsed.success) return fail(intent, parsed.errors);
      const account = await db.query.users.findFirst({ columns: { passwordHash: true }, where: eq(users.id, viewer.id) });
      if (account?.passwordHash) {
        // Someone at an unlocked computer must not be able to take the account over.
        if (!parsed.data.currentPassword) return fail(intent, { currentPassword: "Enter your current password" });
        const limit = await consumeRateLimit(db, PASSWORD_CHECK_LIMIT, viewer.id, env.SESSION_SECRET);
        if (!limit.allowed) {
          const refused = tooManyRequests(limit.retryAfterSeconds);
          return data<ActionData>({ intent, errors: { form: refused.message } }, refused.init);
        }
        if (!(await verifyPassword(parsed.data.currentPassword, account.passwordHash))) {
          return fail(intent, { currentPassword: "That isn't your current password" });
        }
      }
      const result = await authApi(request, context, viewer, "/user", {
        method: "PUT",
        body: { password: parsed.data.password, ...(parsed.data.currentPassword ? { current_password: parsed.data.currentPassword } : {}) },
      });
      if (!result.ok) {
        const code = result.data.code;
        const message = apiMessage(result, "Your password couldn't be changed. Please try again.");
        const field = code === "weak_password" || code === "same_password" ? "password" : "form";
        return fail(intent, { [field]: message }, {}, apiStatus(result.status));
      }
      return toSecurity("Password changed", "Use your new password next time you sign in.");
    }

    case "enrol-totp": {
      // Abandoned set-ups are cleared first, so the new authenticator's name is free.
      const existing = await db
        .select({ id: mfaFactors.id, status: mfaFactors.status, friendlyName: mfaFactors.friendlyName })
        .from(mfaFactors)
        .where(eq(mfaFactors.userId, viewer.id));
      for (const factor of existing.filter((f) => f.status === "unverified")) {
        await authApi(request, context, viewer, `/factors/${factor.id}`, { method: "DELETE" });
      }
      const taken = new Set(existing.filter((f) => f.status === "verified").map((f) => f.friendlyName));
      let friendlyName = "Authenticator app";
      for (let n = 2; taken.has(friendlyName); n++) friendlyName = `Authenticator app ${n}`;
      const result = await authApi(request, context, viewer, "/factors", {
        method: "POST",
        body: { factor_type: "totp", friendly_name: friendlyName, issuer: "ClarityAI Coaching" },
      });
      const totp = result.data.totp as { qr_code?: string; secret?: string; uri?: string } | undefined;
      if (!result.ok || typeof result.data.id !== "string" || !totp?.secret || !totp.uri || !totp.qr_code) {
        return fail(
          intent,
          { form: apiMessage(result, "Two-step verification couldn't be set up. Please try again.") },
          {},
          result.ok ? 500 : apiStatus(result.status)
        );
      }
      return data<ActionData>({
        intent,
        errors: {},
        enrolment: { factorId: result.data.id, secret: totp.secret, uri: totp.uri, qrCode: qrDataUri(totp.qr_code) },
      });
    }

    case "verify-totp": {
      const parsed = parseForm(formData, VerifyFactorSchema);
      const factorId = String(formData.get("factorId") ?? "");
      const secret = String(formData.get("secret") ?? "");
      const uri = String(formData.get("uri") ?? "");
      // The QR code is drawn again from the otpauth URI rather than trusted from the form.
      const again = (errors: ActionData["errors"], status = 400) =>
        z.uuid().safeParse(factorId).success && /^otpauth:\/\/totp\//.test(uri) && uri.length <= 1000
          ? fail(intent, errors, { enrolment: { factorId, secret, uri, qrCode: qrDataUri(qrCodeSvg(uri)) } }, status)
          : fail(intent, { form: errors.form ?? errors.code ?? "Start the set-up again." }, {}, status);
      if (!parsed.success) return again(parsed.errors);
      const challenge = await authApi(request, context, viewer, `/factors/${parsed.data.factorId}/challenge`, { method: "POST", body: {} });
      if (!challenge.ok || typeof challenge.data.id !== "string") {
        return again({ form: apiMessage(challenge, "That authenticator couldn't be checked. Please try again.") }, apiStatus(challenge.status));
      }
      const verified = await authApi(request, context, viewer, `/factors/${parsed.data.factorId}/verify`, {
        method: "POST",
        body: { challenge_id: challenge.data.id, code: parsed.data.code },
      });
      if (!verified.ok) {
        const message = apiMessage(verified, "That code didn't work. Check your authenticator app and try again.");
        return again(verified.data.code === "mfa_verification_failed" ? { code: message } : { form: message }, apiStatus(verified.status));
      }
      // The session is now aal2 with a fresh token pair: the web session must carry it.
      await updateWebSession(context, viewer, verified.data as unknown as SessionResponse);
      return toSecurity("Two-step verification is on", "You'll be asked for a code from your authenticator app when you sign in.");
    }

    case "remove-factor": {
      const parsed = parseForm(formData, FactorIdSchema);
      if (!parsed.success) return fail(intent, parsed.errors);
      const result = await authApi(request, context, viewer, `/factors/${parsed.data.factorId}`, { method: "DELETE" });
      if (!result.ok)
        return fail(intent, { form: apiMessage(result, "That authenticator couldn't be removed. Please try again.") }, {}, apiStatus(result.status));
      return toSecurity("Authenticator removed");
    }

    case "sign-out-others": {
      const result = await authApi(request, context, viewer, "/logout?scope=others", { method: "POST" });
      if (!result.ok)
        return fail(
          intent,
          { form: apiMessage(result, "Your other sessions couldn't be signed out. Please try again.") },
          {},
          apiStatus(result.status)
        );
      return toSecurity("Signed out everywhere else", "Only this device is still signed in.");
    }

    case "delete-account": {
      const parsed = parseForm(formData, DeleteSchema);
      if (!parsed.success) return fail(intent, parsed.errors);
      const deleted = await deleteUserData(db, viewer.id);
      if (deleted) {
        // D1 no longer has the sessions; KV must not keep them alive at other locations either.
        await Promise.all(deleted.sessionIds.map((id) => context.cloudflare.env.SESSIONS.delete(`auth-session:${id}`)));
      }
      // The user is gone, so signOut only clears this browser's web session and cookie.
      const signedOut = await signOut(request, context);
      const headers = new Headers();
      const cookie = signedOut.headers.get("Set-Cookie");
      if (cookie) headers.append("Set-Cookie", cookie);
      return redirectWithToast(
        "/",
        {
          title: "Your account has been deleted",
          description: "Your details have been removed. Thanks for giving ClarityAI Coaching a try.",
          variant: "success",
        },
        env.SESSION_SECRET,
        { headers }
      );
    }

    default:
      return fail(null, { form: "That action isn't available. Please reload the page and try again." });
  }
}


function FormError({ message }: { message?: string }) {
  return message ? (
    <p className="form-error" role="alert" tabIndex={-1}>
      {message}
    </p>
  ) : null;
}

/** The action's result for this form only: every form on the page posts to the same action. */
function useIntentResult(intent: Intent) {
  const actionData = useActionData<ActionData>();
  return actionData?.intent === intent ? actionData : undefined;
}

function useSubmitting(intent: Intent) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** Moves focus to the first problem, so keyboard and screen-reader users hear what to fix. */
function useFocusFirstError(result: ActionData | undefined) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (result && Object.keys(result.errors).length) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"], .form-error')?.focus();
  }, [result]);
  return ref;
}

function DetailsTab({
  profile,
  email,
  memberSince,
}: {
  profile: ReturnType<typeof useLoaderData<typeof loader>>["profile"];
  email: string;
  memberSince: string;
}) {
  const result = useIntentResult("update-details");
  const submitting = useSubmitting("update-details");
  const ref = useFocusFirstError(result);
  const errors = result?.errors ?? {};
  const values: Record<string, string> = result?.values ?? profile;
  return (
    <section aria-labelledby="details-heading" className="profile-panel">
      <h2 id="details-heading">Your details</h2>
      <p className="hint">
        Signed in as <strong>{email}</strong> · member since {memberSince}. We use these details to tailor your coaching; they are never shared.
      </p>
      <Form method="post" action="/profile?tab=details" className="form" noValidate ref={ref} key={JSON.stringify(values)}>
        <input type="hidden" name="intent" value="update-details" />
        <FormError message={errors.form} />
        <div className="form-row">
          <Field name="firstName" label="First name" error={errors.firstName} required>
            {(props) => <input {...props} type="text" autoComplete="given-name" maxLength={100} defaultValue={values.firstName} />}
          </Field>
          <Field name="lastName" label="Last name" error={errors.lastName}>
            {(props) => <input {...props} type="text" autoComplete="family-name" maxLength={100} defaultValue={values.lastName} />}
          </Field>
        </div>
        <div className="form-row">
          <Field name="company" label="Business name" error={errors.company}>
            {(props) => <input {...props} type="text" autoComplete="organization" maxLength={160} defaultValue={values.company} />}
          </Field>
          <Field name="industry" label="Industry" error={errors.industry} hint="For example: plumbing, accounting, café">
            {(props) => <input {...props} type="text" maxLength={100} defaultValue={values.industry} />}
          </Field>
        </div>
        <div className="form-row">
          <Field name="businessType" label="Business type" error={errors.businessType}>
            {(props) => (
              <select {...props} defaultValue={values.businessType ?? ""}>
                <option value="">Choose one</option>
                {BUSINESS_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field name="state" label="State or territory" error={errors.state}>
            {(props) => (
              <select {...props} defaultValue={values.state ?? ""}>
                <option value="">Choose one</option>
                {STATE_ORDER.map((state) => (
                  <option key={state} value={state}>
                    {STATES[state]} ({state})
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <Field name="abn" label="ABN" error={errors.abn} hint="Your 11-digit Australian Business Number, e.g. 51 824 753 556">
          {(props) => (
            <input {...props} type="text" inputMode="numeric" autoComplete="off" maxLength={20} defaultValue={values.abn} className="input-abn" />
          )}
        </Field>
        <div>
          <button type="submit" className="button button-primary" disabled={submitting}>
            {submitting ? "Saving…" : "Save details"}
          </button>
        </div>
      </Form>
    </section>
  );
}

type Security = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["security"]>;

function PasswordSection({ security }: { security: Security }) {
  const result = useIntentResult("change-password");
  const submitting = useSubmitting("change-password");
  const ref = useFocusFirstError(result);
  const errors = result?.errors ?? {};
  return (
    <section aria-labelledby="password-heading" className="profile-panel">
      <h2 id="password-heading">{security.hasPassword ? "Change your password" : "Set a password"}</h2>
      <Form method="post" action="/profile?tab=security" className="form" noValidate ref={ref}>
        <input type="hidden" name="intent" value="change-password" />
        <FormError message={errors.form} />
        {security.hasPassword ? (
          <Field name="currentPassword" label="Current password" error={errors.currentPassword} required>
            {(props) => <input {...props} type="password" autoComplete="current-password" maxLength={200} />}
          </Field>
        ) : null}
        <div className="form-row">
          <Field name="password" label="New password" error={errors.password} hint="8 to 72 characters. Avoid common passwords." required>
            {(props) => <input {...props} type="password" autoComplete="new-password" maxLength={72} />}
          </Field>
          <Field name="confirmPassword" label="Confirm new password" error={errors.confirmPassword} required>
            {(props) => <input {...props} type="password" autoComplete="new-password" maxLength={72} />}
          </Field>
        </div>
        <div>
          <button type="submit" className="button button-primary" disabled={submitting}>
            {submitting ? "Changing…" : "Change password"}
          </button>
        </div>
      </Form>
    </section>
  );
}

function EnrolmentSteps({ enrolment, result }: { enrolment: Enrolment; result: ActionData | undefined }) {
  const submitting = useSubmitting("verify-totp");
  const ref = useFocusFirstError(result);
  const errors = result?.errors ?? {};
  return (
    <div className="mfa-enrolment">
      <ol className="mfa-steps">
        <li>
          <p>Scan this QR code with an authenticator app, such as Google Authenticator, Microsoft Authenticator or 1Password.</p>
          <img
            className="mfa-qr"
            src={enrolment.qrCode}
            width={200}
            height={200}
            alt="QR code that adds ClarityAI Coaching to your authenticator app. If you can't scan it, type the setup key below into the app instead."
          />
        </li>
        <li>
          <p>
            Can't scan it? Enter this setup key in the app instead:{" "}
            <code className="mfa-secret" aria-label={`Setup key: ${enrolment.secret.split("").join(" ")}`}>
              {enrolment.secret}
            </code>
          </p>
        </li>
        <li>
          <p>Enter the 6-digit code the app shows to finish.</p>
          <Form method="post" action="/profile?tab=security" className="form form-inline" noValidate ref={ref}>
            <input type="hidden" name="intent" value="verify-totp" />
            <input type="hidden" name="factorId" value={enrolment.factorId} />
            <input type="hidden" name="secret" value={enrolment.secret} />
            <input type="hidden" name="uri" value={enrolment.uri} />
            <FormError message={errors.form} />
            <Field name="code" label="6-digit code" error={errors.code} required>
              {(props) => (
                <input
                  {...props}
                  type="text"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9 ]*"
                  maxLength={7}
                  className="input-code"
                />
              )}
            </Field>
            <div className="button-row">
              <button type="submit" className="button button-primary" disabled={submitting}>
                {submitting ? "Checking…" : "Verify and turn on"}
              </button>
            </div>
          </Form>
        </li>
      </ol>
      <Form method="post" action="/profile?tab=security">
        <input type="hidden" name="intent" value="remove-factor" />
        <input type="hidden" name="factorId" value={enrolment.factorId} />
        <button type="submit" className="button button-secondary">
          Cancel set-up
        </button>
      </Form>
    </div>
  );
}

function TwoStepSection({ security }: { security: Security }) {
  const enrolResult = useIntentResult("enrol-totp");
  const verifyResult = useIntentResult("verify-totp");
  const removeResult = useIntentResult("remove-factor");
  const enrolling = useSubmitting("enrol-totp");
  const enrolment = verifyResult?.enrolment ?? enrolResult?.enrolment;
  const verified = security.factors.filter((f) => f.status === "verified");
  return (
    <section aria-labelledby="mfa-heading" className="profile-panel">
      <h2 id="mfa-heading">Two-step verification</h2>
      <p>
        Add a second step to sign-in: after your password, you enter a 6-digit code from an authenticator app on your phone. Someone who learns your
        password still can't get in.
      </p>
      <FormError message={removeResult?.errors.form ?? (enrolment ? undefined : enrolResult?.errors.form ?? verifyResult?.errors.form)} />
      {verified.length ? (
        <ul className="factor-list">
          {verified.map((factor) => (
            <li key={factor.id} className="factor-item">
              <span>
                <strong>{factor.friendlyName ?? "Authenticator app"}</strong> <span className="badge">On</span>
                <br />
                <span className="hint">Added {factor.added}</span>
              </span>
              <Form method="post" action="/profile?tab=security">
                <input type="hidden" name="intent" value="remove-factor" />
                <input type="hidden" name="factorId" value={factor.id} />
                <button type="submit" className="button button-secondary" aria-label={`Remove ${factor.friendlyName ?? "authenticator app"}`}>
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      {enrolment ? (
        <EnrolmentSteps enrolment={enrolment} result={verifyResult} />
      ) : verified.length === 0 ? (
        <Form method="post" action="/profile?tab=security">
          <input type="hidden" name="intent" value="enrol-totp" />
          <button type="submit" className="button button-primary" disabled={enrolling}>
            {enrolling ? "Preparing…" : "Set up an authenticator app"}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

function SessionsSection({ security }: { security: Security }) {
  const result = useIntentResult("sign-out-others");
  const submitting = useSubmitting("sign-out-others");
  const others = security.sessions.filter((s) => !s.current).length;
  return (
    <section aria-labelledby="sessions-heading" className="profile-panel">
      <h2 id="sessions-heading">Where you're signed in</h2>
      <FormError message={result?.errors.form} />
      <ul className="session-list">
        {security.sessions.map((session) => (
          <li key={session.id} className="session-item">
            <strong>{session.device}</strong> {session.current ? <span className="badge">This device</span> : null}{" "}
            {session.twoStep ? <span className="badge badge-muted">Verified with a code</span> : null}
            <br />
            <span className="hint">
              Signed in <time dateTime={session.signedInIso}>{session.signedIn}</time> · last active{" "}
              <time dateTime={session.lastActiveIso}>{session.lastActive}</time>
            </span>
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post" action="/profile?tab=security">
          <input type="hidden" name="intent" value="sign-out-others" />
          <button type="submit" className="button button-secondary" disabled={submitting}>
            {submitting ? "Signing out…" : `Sign out other sessions (${others})`}
          </button>
        </Form>
      ) : (
        <p className="hint">You're only signed in on this device.</p>
      )}
    </section>
  );
}

function PrivacyTab() {
  const result = useIntentResult("delete-account");
  const submitting = useSubmitting("delete-account");
  const ref = useFocusFirstError(result);
  const errors = result?.errors ?? {};
  return (
    <>
      <section aria-labelledby="export-heading" className="profile-panel">
        <h2 id="export-heading">Download all your data</h2>
        <p>
          Get a copy of everything we hold about you — your account, profile, roles, sign-in sessions, two-step verification settings, enquiries
          you've sent us, emails we've sent you and the security log of your account — as a JSON file.
        </p>
        <p>
          <a className="button button-secondary" href="/profile/export.json" download>
            Download my data
          </a>
        </p>
      </section>
      <section aria-labelledby="delete-heading" className="profile-panel profile-danger">
        <h2 id="delete-heading">Delete your account</h2>
        <p>This can't be undone. Deleting your account:</p>
        <ul>
          <li>removes your account, profile, roles, sign-in sessions and two-step verification;</li>
          <li>removes the emails we've sent you;</li>
          <li>keeps enquiries you sent us only without your name or contact details;</li>
          <li>signs you out on every device.</li>
        </ul>
        <Form method="post" action="/profile?tab=privacy" className="form" noValidate ref={ref}>
          <input type="hidden" name="intent" value="delete-account" />
          <FormError message={errors.form} />
          <Field name="confirm" label="Type DELETE to confirm" error={errors.confirm} required>
            {(props) => <input {...props} type="text" autoComplete="off" autoCapitalize="characters" spellCheck={false} maxLength={20} />}
          </Field>
          <div>
            <button type="submit" className="button button-danger" disabled={submitting}>
              {submitting ? "Deleting…" : "Delete my account permanently"}
            </button>
          </div>
        </Form>
      </section>
    </>
  );
}

function AiAssistantTab() {
  return (
    <section aria-labelledby="ai-heading" className="profile-panel">
      <h2 id="ai-heading">ClarityAI, your AI business coach</h2>
      <p>
        ClarityAI is our 24/7 AI business coach, sold by subscription in two tiers, Lite and Pro. It isn't connected to your profile yet: when it is,
        this tab will show your plan, and ClarityAI will use the industry in your details to tailor its suggested prompts.
      </p>
      <p>Until then, you can compare the plans and see what it can help with.</p>
      <div className="button-row">
        <Link to="/services#clarityai" className="button button-primary">
          View Plans
        </Link>
        <Link to="/services/clarityai" className="button button-secondary">
          Learn more about ClarityAI
        </Link>
      </div>
    </section>
  );
}

export default function ProfilePage() {
  const { tab, email, memberSince, profile, security } = useLoaderData<typeof loader>();
  const name = profile.firstName ? `${profile.firstName}${profile.lastName ? ` ${profile.lastName}` : ""}` : null;
  return (
    <>
      <PageHero
        eyebrow="Your account"
        title="Profile"
        lead={name ? `Welcome back, ${name}. Manage your details, security and privacy here.` : "Manage your details, security and privacy here."}
        crumbs={[{ label: "Home", to: "/" }, { label: "Profile" }]}
      />
      <div className="section profile-section">
        <div className="container profile-layout">
          <nav aria-label="Profile sections" className="profile-tabs">
            <ul>
              {TABS.map((t) => (
                <li key={t.id}>
                  <Link to={`/profile?tab=${t.id}`} aria-current={t.id === tab ? "page" : undefined} className="profile-tab" preventScrollReset>
                    {t.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="profile-content">
            {tab === "details" ? <DetailsTab profile={profile} email={email} memberSince={memberSince} /> : null}
            {tab === "security" && security ? (
              <>
                <PasswordSection security={security} />
                <TwoStepSection security={security} />
                <SessionsSection security={security} />
              </>
            ) : null}
            {tab === "privacy" ? <PrivacyTab /> : null}
            {tab === "ai-assistant" ? <AiAssistantTab /> : null}
          </div>
        </div>
      </div>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Your profile", description: "Manage your ClarityAI Coaching details, security and privacy.", path: "/profile" }),
  NOINDEX,
];

import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { authConfig } from "~/auth/config.server";
import { mfaStepHref } from "~/auth/mfa-gate.server";
import { findByLinkToken, isLive } from "~/auth/one-time-tokens.server";
import { notFoundResponse } from "~/auth/permissions.server";
import { verifyOtp } from "~/auth/verification.server";
import { attemptAuth } from "~/auth/web-auth.server";
import { createWebSession } from "~/auth/web-sessions.server";
import { PageHero } from "~/components/page-hero";
import { FormError } from "~/components/ui/form-error";
import { claimGuestBooking } from "~/meetings/guest-link.server";
import { findMeeting } from "~/meetings/meetings.server";
import { meetingRoleOf } from "~/meetings/room.server";
import { NOINDEX, pageMeta } from "~/utils/meta";

// /meeting/{id}/join?token=…: a guest's one-time sign-in link from their booking's emails. Opening
// it shows one button; pressing it uses the link up (the auth service's magic link), signs the guest
// in, makes the booking theirs and opens the meeting. Opening alone uses nothing, so a mail
// scanner that follows links cannot spend a guest's link before they do.

const LINK_TYPES = ["magiclink", "recovery"] as const;
const TOKEN = /^[\w-]{20,100}$/;

function signInHref(meetingId: string) {
  return `/auth?step=code&redirectTo=${encodeURIComponent(`/meeting/${meetingId}`)}`;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const meeting = await findMeeting(context.db, params.meetingId);
  if (!meeting) throw notFoundResponse();
  // Already signed in as one of its participants: straight to the meeting, the link kept for later.
  const viewer = await context.viewer();
  if (viewer && meetingRoleOf(viewer, meeting)) throw redirect(`/meeting/${meeting.id}`);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const row = TOKEN.test(token) ? await findByLinkToken({ db: context.db, config: authConfig(context.env) }, token, [...LINK_TYPES]) : undefined;
  const usable = Boolean(row && isLive({ db: context.db, config: authConfig(context.env) }, row));
  return data({ meetingId: meeting.id, token: usable ? token : null, signInHref: signInHref(meeting.id) }, usable ? undefined : { status: 404 });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const token = (await request.formData()).get("token");
  if (typeof token !== "string" || !TOKEN.test(token)) {
    return data({ error: "This sign-in link is incomplete. Open it again from your email." }, { status: 400 });
  }
  const meeting = await findMeeting(context.db, params.meetingId);
  if (!meeting) throw notFoundResponse();
  const outcome = await attemptAuth(request, context, (ctx) => verifyOtp(ctx, { type: "magiclink", tokenHash: token }));
  if (!outcome.ok) {
    const status = outcome.error.status === 429 ? 429 : 400;
    return data(
      { error: "This sign-in link has expired or has already been used. Sign in with your email address instead: we'll send you a code." },
      { status },
    );
  }
  const session = outcome.value;
  if (session.kind !== "session") return data({ error: "This sign-in link can't be used here." }, { status: 400 });
  await claimGuestBooking(context.db, meeting.id, { id: session.session.user.id, email: session.session.user.email ?? null });
  const cookie = await createWebSession(context, session.session);
  const to = `/meeting/${meeting.id}`;
  const owesMfa = (session.session.user.factors ?? []).some((f) => f.factor_type === "totp" && f.status === "verified");
  return redirect(owesMfa ? mfaStepHref(to) : to, { headers: { "Set-Cookie": cookie } });
}

export default function JoinWithLink() {
  const { token, signInHref } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  if (!token) {
    return (
      <PageHero
        eyebrow="Video meeting"
        title="This sign-in link has expired"
        lead="Each link in our emails signs you in once, within an hour. Sign in with the email address you booked with instead: we'll send you a code, then take you to your session."
      >
        <Link to={signInHref} className="button button-primary">
          Sign in with an emailed code
        </Link>
      </PageHero>
    );
  }
  return (
    <PageHero
      eyebrow="Video meeting"
      title="Join your coaching session"
      lead="This signs you in with the link from your email and opens your session's meeting room."
    >
      <Form method="post" className="form">
        <input type="hidden" name="token" value={token} />
        <FormError message={result?.error} />
        <button type="submit" className="button button-primary" disabled={navigation.state !== "idle"}>
          {navigation.state === "idle" ? "Continue to your session" : "Signing you in…"}
        </button>
      </Form>
      {result?.error ? (
        <Link to={signInHref} className="button button-secondary">
          Sign in with an emailed code
        </Link>
      ) : null}
    </PageHero>
  );
}

export const meta: MetaFunction = ({ matches, params }) => [
  ...pageMeta(matches, {
    title: "Join your session",
    description: "Sign in to your ClarityAI Coaching video session.",
    path: `/meeting/${params.meetingId ?? ""}/join`,
  }),
  NOINDEX,
];

import type { ActionFunctionArgs, LoaderFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import stylesHref from "~/styles/booking-portals.css?url";
import { Link, useLoaderData } from "@remix-run/react";
import { Suspense } from "react";
import { ensureProfile } from "~/accounts/profiles.server";
import { requireUser } from "~/auth/guards.server";
import { PageHero } from "~/components/page-hero";
import { formatTimestamp } from "~/booking/time-zones";
import { lazyComponent } from "~/utils/lazy-component";
import { NOINDEX, pageMeta } from "~/utils/meta";
import { loadAssistant } from "./ai-assistant.server";
import { cancelSubscription, loadBillingTab, manageBilling, resumeSubscription, switchPlan } from "./billing.server";
import { BillingTab } from "./billing-tab";
import { cancelOwnBooking, loadBookingsTab, requestGuarantee } from "./bookings.server";
import { BookingsTab } from "./bookings-tab";
import { detailsValues, updateDetails } from "./details.server";
import { DetailsTab } from "./details-tab";
import { fail, type ProfileIntentHandler } from "./intents.server";
import { accountDeletionBlocker } from "~/accounts/deletion.server";
import { deleteAccount } from "./privacy.server";
import { PrivacyTab } from "./privacy-tab";
import { changePassword, enrolTotp, loadSecurity, removeFactor, signOutOthers, verifyTotp } from "./security.server";
import { SecurityTab } from "./security-tab";
import { loadWelcome, type Welcome } from "./welcome.server";
import type { ProfileIntent } from "./types";
import { SectionErrorBoundary } from "~/components/section-error-boundary";

// The AI assistant tab (the coach's chat, its markdown and event stream) is off the page's first load:
// its code loads where the tab shows, or when its link is pointed at.
const AiAssistantTab = lazyComponent(() => import("./ai-assistant-tab").then((module) => ({ default: module.AiAssistantTab })));
const preloadTab = (tab: Tab) => (tab === "ai-assistant" ? () => void AiAssistantTab.preload() : undefined);

// One page, six tabs (?tab=…). Every form posts an `intent` to this route's action, which hands
// it to that form's handler; each handler parses its own schema. Everything works without JavaScript.

const TABS = [
  { id: "details", label: "Details" },
  { id: "security", label: "Security" },
  { id: "privacy", label: "Privacy" },
  { id: "ai-assistant", label: "AI assistant" },
  { id: "billing", label: "Billing" },
  { id: "bookings", label: "Bookings" },
] as const;
type Tab = (typeof TABS)[number]["id"];

function tabOf(request: Request): Tab {
  const tab = new URL(request.url).searchParams.get("tab");
  return TABS.find((t) => t.id === tab)?.id ?? "details";
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const tab = tabOf(request);
  const profile = await ensureProfile(context.db, viewer.id);
  const welcome = await loadWelcome(context, viewer);
  return {
    welcome,
    tab,
    email: viewer.email,
    memberSince: formatTimestamp(viewer.createdAt, viewer.timeZone),
    profile: detailsValues(profile),
    security: tab === "security" ? await loadSecurity(context.db, viewer, new URL(request.url)) : null,
    assistant: tab === "ai-assistant" ? await loadAssistant(request, context, viewer) : null,
    billing: tab === "billing" ? await loadBillingTab(context, viewer.id, new URL(request.url).searchParams.get("switch")) : null,
    bookings: tab === "bookings" ? await loadBookingsTab(context, viewer) : null,
    privacy: tab === "privacy" ? { deletionBlocker: await accountDeletionBlocker(context, viewer.id) } : null,
  };
}

const INTENT_HANDLERS: Record<ProfileIntent, ProfileIntentHandler> = {
  "update-details": updateDetails,
  "change-password": changePassword,
  "enrol-totp": enrolTotp,
  "verify-totp": verifyTotp,
  "remove-factor": removeFactor,
  "sign-out-others": signOutOthers,
  "delete-account": deleteAccount,
  "manage-billing": manageBilling,
  "cancel-subscription": cancelSubscription,
  "resume-subscription": resumeSubscription,
  "switch-plan": switchPlan,
  "cancel-booking": cancelOwnBooking,
  "request-guarantee": requestGuarantee,
};

function isIntent(value: FormDataEntryValue | null): value is ProfileIntent {
  return typeof value === "string" && Object.hasOwn(INTENT_HANDLERS, value);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireUser(request, context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (!isIntent(intent)) return fail(null, { form: "That action isn't available. Please reload the page and try again." });
  return INTENT_HANDLERS[intent]({ request, context, viewer, formData });
}

export default function ProfilePage() {
  const { welcome, tab, email, memberSince, profile, security, billing, assistant, bookings, privacy } = useLoaderData<typeof loader>();
  const name = profile.firstName ? `${profile.firstName}${profile.lastName ? ` ${profile.lastName}` : ""}` : null;
  const greeting = welcome.isNew
    ? `Welcome${profile.firstName ? `, ${profile.firstName}` : ""}! Here's how to get started.`
    : name
      ? `Welcome back, ${name}. Manage your details, security and privacy here.`
      : "Manage your details, security and privacy here.";
  return (
    <>
      <PageHero eyebrow="Your account" title="Profile" lead={greeting} crumbs={[{ label: "Home", to: "/" }, { label: "Profile" }]} />
      {welcome.isNew ? <NextSteps steps={welcome.steps} /> : null}
      <div className="section profile-section">
        <div className="container profile-layout">
          <nav aria-label="Profile sections" className="profile-tabs">
            <ul>
              {TABS.map((t) => (
                <li key={t.id}>
                  <Link
                    to={`/profile?tab=${t.id}`}
                    aria-current={t.id === tab ? "page" : undefined}
                    className="profile-tab"
                    preventScrollReset
                    onPointerEnter={preloadTab(t.id)}
                    onFocus={preloadTab(t.id)}
                  >
                    {t.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="profile-content">
            {tab === "details" ? <DetailsTab profile={profile} email={email} memberSince={memberSince} /> : null}
            {tab === "security" && security ? <SecurityTab security={security} /> : null}
            {tab === "privacy" && privacy ? <PrivacyTab deletionBlocker={privacy.deletionBlocker} /> : null}
            {tab === "ai-assistant" && assistant ? (
              <Suspense>
                <AiAssistantTab key={assistant.open?.conversation.id ?? "new"} data={assistant} />
              </Suspense>
            ) : null}
            {tab === "billing" && billing ? <BillingTab billing={billing} /> : null}
            {tab === "bookings" && bookings ? <BookingsTab bookings={bookings} /> : null}
          </div>
        </div>
      </div>
    </>
  );
}

/** A new user's three next steps, each a link, marked done once it is. */
function NextSteps({ steps }: { steps: Welcome["steps"] }) {
  const done = steps.filter((step) => step.done).length;
  return (
    <section className="section welcome-steps-section" aria-labelledby="next-steps-heading">
      <div className="container">
        <h2 id="next-steps-heading">Your next steps</h2>
        <p className="steps-note">
          {done} of {steps.length} done
        </p>
        <ol className="welcome-steps">
          {steps.map((step) => (
            <li key={step.id} className={step.done ? "welcome-step welcome-step-done" : "welcome-step"}>
              <Link to={step.href}>{step.label}</Link>
              <span className="welcome-step-state">{step.done ? "Done" : "To do"}</span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Your profile", description: "Manage your ClarityAI Coaching details, security and privacy.", path: "/profile" }),
  NOINDEX,
];

export function ErrorBoundary() {
  return <SectionErrorBoundary section="profile" />;
}

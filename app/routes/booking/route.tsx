import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SectionErrorBoundary } from "~/components/section-error-boundary";
import { PageHero } from "~/components/page-hero";
import { FormError } from "~/components/ui/form-error";
import { BUSINESS } from "~/content/business";
import { formatAud } from "~/utils/format";
import { pageMeta, siteOriginOf } from "~/utils/meta";
import { breadcrumbLd, structuredData } from "~/utils/structured-data";
import { bookIntent, buyPackageIntent, type BookingActionData } from "./book.server";
import { loadFlow } from "./flow.server";
import { CoachStep, PackageStep, StepNav, stepHrefs, TypeStep } from "./choose-steps";
import { DetailsStep, WhenStep } from "./time-steps";
import { TakenNotice } from "~/components/booking/slot-picker";
import { useDetectedZone } from "~/components/booking/time-zone-form";
import stylesHref from "~/styles/booking.css?url";

// /booking: type → coach → day and time → details (→ payment) → /booking-confirmation. Each step is
// a GET of this page with the choices so far (flow.server.ts); the details form posts here.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers(loaderHeaders);
  actionHeaders.forEach((value, name) => headers.set(name, value));
  return headers;
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const flow = await loadFlow(request, context);
  // The slot view of a visitor who is not signed in is the same for everyone with its URL, so the
  // edge cache may keep it, keyed on the calendar version (decision record 005); every other step,
  // and whatever a signed-in visitor sees, stays private.
  // A zone from the browser's cookie rather than the address makes the page the visitor's own.
  const shared = flow.step === "when" && !flow.signedIn && !flow.taken && flow.zoneChosen;
  return data(flow, shared ? undefined : { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === "book") return bookIntent(request, context, formData);
  if (intent === "buy-package") return buyPackageIntent(request, context, formData);
  return data<BookingActionData>({ errors: { form: "That action isn't available. Please reload the page and try again." }, values: {} }, { status: 400 });
}

const CRUMBS = [{ label: "Home", to: "/" }, { label: "Book a call" }];

type ChosenType = { name: string; durationMinutes: number; price: string; paid: boolean };

/** "Book your 60-minute virtual session": the chosen session, its length in its name or after it. */
function bookingTitle(type: ChosenType | null): string {
  if (!type) return "Book a free call or a coaching session";
  if (!type.paid) return `Book your free ${type.durationMinutes}-minute discovery call`;
  const name = type.name.charAt(0).toLowerCase() + type.name.slice(1);
  return name.includes(`${type.durationMinutes}-minute`) ? `Book your ${name}` : `Book your ${name} (${type.durationMinutes} minutes)`;
}

function heroLead(type: ChosenType | null): string {
  if (!type) {
    return "Start with a free 20-minute discovery call, or book a paid coaching session or package. Times are shown in your own time zone; every call is by video, with a phone call as the fallback.";
  }
  return type.paid
    ? `${type.durationMinutes} minutes by video with an experienced Australian business coach, ${type.price}. Pick a time in your own time zone.`
    : `${type.durationMinutes} minutes by video with an experienced Australian business coach, free and with no obligation. Pick a time in your own time zone.`;
}

function expectHeading(type: ChosenType | null): string {
  if (!type) return "What to expect";
  return type.paid ? `What to expect: ${type.name.charAt(0).toLowerCase()}${type.name.slice(1)}` : "What to expect from your discovery call";
}

/** What the chosen session brings: the discovery call's promise, or the paid session's length, price and terms. */
function Expectations({ type, coachName }: { type: ChosenType | null; coachName: string | null }) {
  if (type?.paid) {
    return (
      <ul className="check-list">
        <li>
          {type.durationMinutes} minutes by video with {coachName ?? "your coach"}, with a phone call as the fallback
        </li>
        <li>{type.price}, paid by card when you book or with a package credit</li>
        <li>A focused plan for what matters most in your business right now</li>
        <li>A tax invoice, a calendar invitation by email, and a link to move or cancel</li>
        <li>Free to cancel or move until 24 hours before the start</li>
      </ul>
    );
  }
  return (
    <ul className="check-list">
      <li>
        {type?.durationMinutes ?? BUSINESS.discoveryCallMinutes} minutes with {coachName ?? "a coach"} who has run a business, not a salesperson — free
      </li>
      <li>Two or three practical ideas you can act on straight away</li>
      <li>An honest view of whether coaching is right for you — and if not, who might help</li>
      <li>Virtual sessions afterwards from {formatAud(BUSINESS.virtualCoachingFromPerHour)} per hour (GST included)</li>
      <li>A calendar invitation by email, and a link to move or cancel your booking</li>
    </ul>
  );
}

export default function Booking() {
  const flow = useLoaderData<typeof loader>();
  const actionData = useActionData<BookingActionData>();
  useDetectedZone(flow.zoneChosen, flow.zone, flow.zones);
  // The details and package steps show their own form's answer; a post from anywhere else (a stale
  // page, a changed address) still gets its message.
  const strayAnswer = actionData && flow.step !== "details" && flow.step !== "package" ? actionData : null;
  const type = "type" in flow ? flow.type : null;
  const coachName = "coach" in flow && flow.coach ? flow.coach.name : null;
  return (
    <>
      <PageHero
        eyebrow="Book online"
        title={flow.step === "package" ? `Buy the ${flow.package.name}` : bookingTitle(type)}
        lead={flow.step === "package" ? `${flow.package.sessions} sessions of ${flow.package.durationMinutes} minutes, ${flow.package.price}.` : heroLead(type)}
        crumbs={CRUMBS}
      />
      <div className="section booking-section">
        <div className="container booking-layout">
          <div className="booking-main">
            {flow.step !== "package" ? <StepNav step={flow.step} hrefs={stepHrefs(flow)} /> : null}
            {strayAnswer?.taken && flow.step !== "when" ? <TakenNotice alternatives={strayAnswer.taken.alternatives} /> : null}
            {strayAnswer && !strayAnswer.taken ? (
              <FormError message={strayAnswer.errors.form ?? Object.values(strayAnswer.errors).find(Boolean) ?? "Please check your details and try again."} />
            ) : null}
            {flow.step === "type" ? <TypeStep flow={flow} /> : null}
            {flow.step === "package" ? <PackageStep flow={flow} /> : null}
            {flow.step === "coach" ? <CoachStep flow={flow} /> : null}
            {flow.step === "when" ? <WhenStep flow={flow} /> : null}
            {flow.step === "details" ? <DetailsStep flow={flow} /> : null}
          </div>
          <aside className="card booking-aside" aria-labelledby="booking-expect-heading">
            <h2 id="booking-expect-heading">{expectHeading(type)}</h2>
            <Expectations type={type} coachName={coachName} />
          </aside>
        </div>
      </div>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Book a Free 20-Minute Discovery Call",
    description:
      "Book a free, no-obligation 20-minute discovery call with an experienced Australian business coach. Pick a time online, in your own time zone.",
    path: "/booking",
  }),
  ...structuredData([breadcrumbLd(siteOriginOf(matches), CRUMBS, "/booking")]),
];

export function ErrorBoundary() {
  return (
    <SectionErrorBoundary
      section="booking"
      notFound={{ heading: "We couldn't find that booking step", message: "The link may be out of date. Please start again and pick a time." }}
      failed={{
        heading: "Booking isn't available just now",
        message: "Something went wrong on our side and the booking page could not be shown. Please try again in a moment.",
      }}
      links={[
        { to: "/booking", label: "Start again", reloadDocument: true },
        { to: "/contact", label: "Contact us" },
      ]}
    />
  );
}

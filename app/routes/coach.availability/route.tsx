import type { ActionFunctionArgs, LoaderFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import stylesHref from "~/styles/booking-portals.css?url";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SectionErrorBoundary } from "~/components/section-error-boundary";
import { requireRole } from "~/auth/guards.server";
import { PageHero } from "~/components/page-hero";
import { FormError } from "~/components/ui/form-error";
import { NOINDEX, pageMeta } from "~/utils/meta";
import {
  addOverride,
  addTimeOffRange,
  editRows,
  loadEditor,
  refused,
  removeOverride,
  removeTimeOffRange,
  saveSchedule,
  type AvailabilityActionData,
  type IntentArgs,
} from "./editor.server";
import { ADD_ROW, REMOVE_ROW } from "./schedule-form";
import { OverridesPanel, PreviewPanel, TimeOffPanel } from "./side-panels";
import { WeeklyHoursForm } from "./weekly-hours-form";

// The coach's availability: time zone and state, weekly hours (several intervals a day), buffer,
// daily maximum, public holidays, accepting bookings; date overrides and time off; a preview of
// the times clients are offered. Every form works without JavaScript: adding or removing a row of
// hours posts the form and comes back with the row added or removed, unsaved.

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  return { editor: await loadEditor(context, viewer) };
}

type Handler = (args: IntentArgs) => Promise<Response | ReturnType<typeof refused>>;

function handlerFor(intent: string): Handler | null {
  if (intent.startsWith(`${ADD_ROW}:`) || intent.startsWith(`${REMOVE_ROW}:`)) return editRows;
  const handlers: Record<string, Handler> = {
    "save-schedule": saveSchedule,
    "add-override": addOverride,
    "remove-override": removeOverride,
    "add-time-off": addTimeOffRange,
    "remove-time-off": removeTimeOffRange,
  };
  return Object.hasOwn(handlers, intent) ? handlers[intent]! : null;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  const formData = await request.formData();
  const intent = formData.get("intent");
  const handler = typeof intent === "string" && intent.length <= 40 ? handlerFor(intent) : null;
  if (!handler) return refused(null, { form: "That action isn't available. Please reload the page and try again." });
  return handler({ context, viewer, formData, intent: intent as string });
}

export default function CoachAvailability() {
  const { editor } = useLoaderData<typeof loader>();
  const actionData = useActionData<AvailabilityActionData>();
  return (
    <>
      <PageHero
        eyebrow="Coach portal"
        title="Your availability"
        lead="Set the hours clients can book you, in your own time zone. Times are offered to clients in theirs."
        crumbs={[{ label: "Home", to: "/" }, { label: "Coach portal", to: "/coach" }, { label: "Availability" }]}
      />
      <div className="section">
        <div className="container availability-layout">
          {actionData?.intent === null ? <FormError message={actionData.errors.form} /> : null}
          {editor.isNew ? (
            <p className="notice" role="note">
              You haven't set your availability yet. Check the name clients see and your hours, then save: clients can book you once you're accepting bookings.
            </p>
          ) : null}
          <WeeklyHoursForm editor={editor} />
          <PreviewPanel editor={editor} />
          {editor.isNew ? null : (
            <>
              <OverridesPanel editor={editor} />
              <TimeOffPanel editor={editor} />
            </>
          )}
        </div>
      </div>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Your availability", description: "Set the hours clients can book you.", path: "/coach/availability" }),
  NOINDEX,
];

export function ErrorBoundary() {
  return (
    <SectionErrorBoundary
      section="coach"
      notFound={{ heading: "Availability", message: "That page isn't here." }}
      failed={{ heading: "Availability", message: "Your availability couldn't be shown just now." }}
      links={[{ to: "/coach", label: "Back to the coach portal" }]}
    />
  );
}

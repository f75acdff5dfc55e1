import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { requireRole } from "~/auth/guards.server";
import { formatDateTime } from "~/booking/time-zones";
import { requireCoachClient } from "~/coach-network/clients.server";
import { coachZone, SESSION_STATUS_LABELS } from "~/coach-network/portal.server";
import { PageHero } from "~/components/page-hero";
import { assignFromForm, loadAssignPanel, unassignLesson } from "~/learning/assignments.server";
import { FORMAT_LABELS, type WorksheetFormat } from "~/learning/worksheets/exports.server";
import { listSharedArtefacts } from "~/learning/worksheets/store.server";
import { formatDate } from "~/utils/format";
import { ASSIGN_INTENT, AssignedLessonsList, AssignLessonForm, UNASSIGN_INTENT, type AssignFormResult } from "~/learning/ui/assign-lesson";
import { redirectWithToast } from "~/platform/toast.server";
import { NOINDEX, pageMeta } from "~/utils/meta";

// /coach/clients/{id}: one of this coach's clients, with their sessions with this coach, the
// summaries shared with them and the coach's private notes (never shown to the client or to other
// coaches), the lessons the coach assigned them with their completion (and the form to assign
// another). Anyone who isn't this coach's client is the 404, for the page and its forms alike.

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  const [client, zone] = await Promise.all([requireCoachClient(context.db, viewer, params.clientId ?? ""), coachZone(context.db, viewer.id)]);
  const clock = context.services.clock.now();
  const now = clock.toISOString();
  // A guest booked without an account: there is no learning hub to assign lessons to.
  const [learning, artefacts] = client.guest
    ? [null, []]
    : await Promise.all([loadAssignPanel(context.db, viewer.id, client.key, clock), listSharedArtefacts(context.db, viewer.id, client.key)]);
  return {
    learning,
    artefacts: artefacts.map((artefact) => ({
      id: artefact.id,
      title: artefact.title,
      lessonTitle: artefact.lessonTitle,
      sharedAt: artefact.sharedAt,
      shared: formatDate(artefact.sharedAt),
      downloads: artefact.downloads.map((download) => ({ href: download.href, label: FORMAT_LABELS[download.format as WorksheetFormat] ?? download.format })),
    })),
    client: {
      ...client,
      sessions: client.sessions.map((session) => ({
        ...session,
        when: formatDateTime(session.startsAt, zone),
        statusLabel: session.status === "confirmed" && session.startsAt <= now ? "Outcome not recorded" : SESSION_STATUS_LABELS[session.status],
      })),
    },
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  // Ownership before anything the form says: another coach's client is the 404.
  const client = await requireCoachClient(context.db, viewer, params.clientId ?? "");
  const form = await request.formData();
  const intent = form.get("intent");
  const back = `/coach/clients/${client.key}#learning`;
  if (intent === UNASSIGN_INTENT) {
    const assignmentId = form.get("assignmentId");
    const removed = typeof assignmentId === "string" && (await unassignLesson(context, viewer, client.key, assignmentId.slice(0, 100)));
    return redirectWithToast(back, { title: removed ? "Assignment removed" : "That assignment was already removed" }, context.env.SESSION_SECRET);
  }
  if (intent !== ASSIGN_INTENT) return data<AssignFormResult>({ errors: { form: "Choose what to do." } }, { status: 400 });
  const outcome = await assignFromForm(context, viewer, client.key, form);
  if (!outcome.ok) return data<AssignFormResult>({ errors: outcome.errors, values: outcome.values }, { status: outcome.status });
  const { result } = outcome;
  const title = result.created ? `Lesson assigned to ${client.name}` : `Assignment updated`;
  return redirectWithToast(
    back,
    { title, description: result.emailed ? "We've emailed them the lesson." : undefined, variant: "success" },
    context.env.SESSION_SECRET,
  );
}

export default function CoachClient() {
  const { client, learning, artefacts } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() ?? null;
  const navigation = useNavigation();
  const assigning = navigation.state === "submitting" && navigation.formData?.get("intent") === ASSIGN_INTENT;
  return (
    <>
      <PageHero
        eyebrow="Your clients"
        title={client.name}
        lead={[client.company, client.guest ? "Booked without an account" : null].filter(Boolean).join(" · ") || "One of your clients."}
        crumbs={[{ label: "Coach portal", to: "/coach" }, { label: "Clients", to: "/coach/clients" }, { label: client.name }]}
      />
      <div className="section">
        <div className="container page-narrow portal-stack">
          <section className="card" aria-labelledby="contact-heading">
            <h2 id="contact-heading">Contact</h2>
            <p>
              <a href={`mailto:${client.email}`}>{client.email}</a>
              {client.phone ? (
                <>
                  {" · "}
                  <a href={`tel:${client.phone.replace(/\s+/g, "")}`}>{client.phone}</a>
                </>
              ) : null}
            </p>
          </section>
          <section className="card" aria-labelledby="learning-heading" id="learning">
            <h2 id="learning-heading">Lessons you assigned</h2>
            {learning ? (
              <>
                <AssignedLessonsList assigned={learning.assigned} removable clientName={client.name} />
                <AssignLessonForm
                  clientName={client.name}
                  lessons={learning.lessons}
                  today={learning.today}
                  noteMax={learning.noteMax}
                  result={result}
                  busy={assigning}
                />
              </>
            ) : (
              <p className="hint">
                {client.name} booked without an account, so they have no learning hub yet. Once they sign up with {client.email}, you can assign them lessons
                here.
              </p>
            )}
          </section>
          {learning ? (
            <section className="card" aria-labelledby="artefacts-heading" id="artefacts">
              <h2 id="artefacts-heading">Worksheets {client.name} shared with you</h2>
              {artefacts.length ? (
                <ul className="portal-list">
                  {artefacts.map((artefact) => (
                    <li key={artefact.id} className="portal-item" data-testid="shared-artefact">
                      <p>
                        <strong>{artefact.title}</strong> <span className="hint">(from the lesson {artefact.lessonTitle})</span>
                      </p>
                      <p className="hint">
                        Shared <time dateTime={artefact.sharedAt}>{artefact.shared}</time>: a copy as it was then.
                      </p>
                      <p className="actions">
                        {artefact.downloads.map((download) => (
                          <a key={download.href} href={download.href} download>
                            Download {download.label}
                            <span className="visually-hidden"> of {artefact.title}</span>
                          </a>
                        ))}
                      </p>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="hint">
                  Nothing shared yet. When {client.name} fills in a lesson&apos;s worksheet (a cash-flow forecast, a pricing calculator, a SOP), they can share
                  it with you and it appears here.
                </p>
              )}
            </section>
          ) : null}
          <section aria-labelledby="history-heading">
            <h2 id="history-heading">Sessions with you</h2>
            <p className="hint">Your notes are private: the client never sees them, and neither do other coaches.</p>
            <ul className="portal-list">
              {client.sessions.map((session) => (
                <li key={session.id} className="portal-item">
                  <h3>
                    <time dateTime={session.startsAt}>{session.when}</time>
                  </h3>
                  <p>
                    {session.typeName} ·{" "}
                    <span className="status-pill" data-status={session.status}>
                      {session.statusLabel}
                    </span>{" "}
                    · <span className="hint">{session.reference}</span>
                  </p>
                  {session.summary ? (
                    <>
                      <p>
                        <strong>{session.summary.sentAt ? "Summary shared with the client" : "Summary (draft, not sent yet)"}</strong>
                      </p>
                      <p className="shared-summary">{session.summary.text}</p>
                      {session.summary.items.length ? (
                        <ul>
                          {session.summary.items.map((item, index) => (
                            <li key={index}>
                              {item.text}
                              {item.due ? <span className="hint"> (by {item.due})</span> : null}
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </>
                  ) : null}
                  {session.notes ? (
                    <>
                      <p>
                        <strong>Your private notes</strong>
                      </p>
                      <p className="private-note">{session.notes}</p>
                    </>
                  ) : null}
                  {session.status !== "cancelled" ? (
                    <p>
                      <Link to={`/meeting/${session.id}/record`}>
                        {session.notes || session.summary ? "Edit notes and summary" : "Write notes and summary"}
                        <span className="visually-hidden"> for the session on {session.when}</span>
                      </Link>
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Client", description: "One of your coaching clients.", path: "/coach/clients" }),
  NOINDEX,
];

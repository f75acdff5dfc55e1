import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { requireRole } from "~/auth/guards.server";
import { formatDateTime, formatTimestamp } from "~/booking/time-zones";
import { loadCoachForAdmin, readPrivateNotesAsAdmin } from "~/coach-network/admin-coaches.server";
import { listCoachClients } from "~/coach-network/clients.server";
import { handOverSessions, HandoverError, listHandoverTargets, planHandover } from "~/coach-network/handover.server";
import { NOTES_READ_REASON_MIN } from "~/coach-network/admin-limits";
import { HandoverSchema, ReadNotesSchema } from "~/coach-network/schemas.server";
import { loadOnboardingChecklist } from "~/coach-network/onboarding.server";
import { SESSION_STATUS_LABELS } from "~/coach-network/portal.server";
import { describedByOf, FieldFrame } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import { SelectField } from "~/components/ui/select-field";
import { redirectWithToast } from "~/platform/toast.server";
import { NOINDEX, pageMeta } from "~/utils/meta";

// /admin/coaches/{id}: one coach for the admins: profile and onboarding, sessions, the handover of
// their upcoming sessions to another coach (previewed with any clashes first; one batch, audited,
// each client emailed), and the audited read of their private notes on a client, with a reason.

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const ZONE = "Australia/Sydney";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const now = context.services.clock.now();
  const coach = await loadCoachForAdmin(context.db, params.coachId ?? "", now);
  const [checklist, targets, clients] = await Promise.all([
    loadOnboardingChecklist(context.db, coach.coachId),
    listHandoverTargets(context.db, coach.coachId),
    listCoachClients(context.db, coach.coachId, now),
  ]);
  const to = new URL(request.url).searchParams.get("to");
  const target = targets.find((t) => t.coachId === to) ?? null;
  const plan = target ? await planHandover(context.db, coach.coachId, target, now) : null;
  const zone = coach.timeZone ?? ZONE;
  return {
    coach: {
      ...coach,
      onboarded: coach.profile?.onboardedAt ? formatTimestamp(coach.profile.onboardedAt, zone) : null,
      upcoming: coach.upcoming.map((s) => ({ ...s, when: formatDateTime(s.startsAt, zone) })),
      recent: coach.recent.map((s) => ({ ...s, when: formatDateTime(s.startsAt, zone), statusLabel: SESSION_STATUS_LABELS[s.status] })),
    },
    checklist,
    targets: targets.map((t) => ({ value: t.coachId, label: t.name })),
    clients: clients.map((c) => ({ value: c.key, label: `${c.name}${c.company ? ` (${c.company})` : ""}` })),
    preview:
      target && plan
        ? { to: target.coachId, name: target.name, sessions: plan.map((s) => ({ ...s, when: formatDateTime(s.startsAt, target.timeZone) })) }
        : null,
  };
}

type ActionData =
  | { intent: "handover"; errors: { to?: string; form?: string } }
  | { intent: "read-notes"; errors: { client?: string; reason?: string; form?: string } }
  | {
      intent: "read-notes";
      errors: null;
      notes: { name: string; sessions: { id: string; when: string; typeName: string; notes: string | null }[] };
    };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireRole(request, context, "admin");
  const coach = await loadCoachForAdmin(context.db, params.coachId ?? "", context.services.clock.now());
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "handover") {
    const parsed = HandoverSchema.safeParse({ to: form.get("to") ?? "" });
    if (!parsed.success) return data<ActionData>({ intent, errors: { to: parsed.error.issues[0]!.message } }, { status: 400 });
    try {
      const result = await handOverSessions(context, admin, coach.coachId, parsed.data.to);
      return redirectWithToast(
        `/admin/coaches/${coach.coachId}`,
        { title: `${result.moved === 1 ? "1 session" : `${result.moved} sessions`} handed over to ${result.toName}. Each client has been emailed.` },
        context.env.SESSION_SECRET,
      );
    } catch (error) {
      if (error instanceof HandoverError) return data<ActionData>({ intent, errors: { form: error.message } }, { status: error.status });
      throw error;
    }
  }
  if (intent === "read-notes") {
    const parsed = ReadNotesSchema.safeParse({ client: form.get("client") ?? "", reason: form.get("reason") ?? "" });
    if (!parsed.success) {
      const errors: { client?: string; reason?: string } = {};
      for (const issue of parsed.error.issues) errors[issue.path[0] as "client" | "reason"] ??= issue.message;
      return data<ActionData>({ intent, errors }, { status: 400 });
    }
    const client = await readPrivateNotesAsAdmin(context.db, admin, coach.coachId, parsed.data);
    const zone = coach.timeZone ?? ZONE;
    return data<ActionData>({
      intent,
      errors: null,
      notes: {
        name: client.name,
        sessions: client.sessions
          .filter((s) => s.notes)
          .map((s) => ({ id: s.id, when: formatDateTime(s.startsAt, zone), typeName: s.typeName, notes: s.notes })),
      },
    });
  }
  return data<ActionData>({ intent: "handover", errors: { form: "That action isn't available. Reload the page and try again." } }, { status: 400 });
}

export default function AdminCoach() {
  const { coach, checklist, targets, clients, preview } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const handoverErrors = actionData?.intent === "handover" ? actionData.errors : null;
  const notesErrors = actionData?.intent === "read-notes" ? actionData.errors : null;
  const notes = actionData && "notes" in actionData ? actionData.notes : null;
  const notesRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (notes) notesRef.current?.focus();
  }, [notes]);
  const clashes = preview?.sessions.filter((s) => s.clashes.length).length ?? 0;
  return (
    <>
      <p>
        <Link to="/admin/coaches">← All coaches</Link>
      </p>
      <section aria-labelledby="coach-heading">
        <h2 id="coach-heading">{coach.name}</h2>
        <dl className="facts">
          <dt>Email</dt>
          <dd>{coach.email}</dd>
          <dt>Legal name</dt>
          <dd>{coach.profile?.legalName ?? "—"}</dd>
          <dt>Time zone</dt>
          <dd>{coach.timeZone ?? "No schedule yet"}</dd>
          <dt>Onboarding</dt>
          <dd>{coach.onboarded ? `Complete since ${coach.onboarded}` : "In progress: not bookable yet"}</dd>
          <dt>ABN</dt>
          <dd>{coach.profile?.abnConfirmed ? `Confirmed${coach.profile.gstRegistered ? ", registered for GST" : ""}` : "Not confirmed"}</dd>
          {coach.slug ? (
            <>
              <dt>Booking page</dt>
              <dd>
                <Link to={`/booking?coach=${coach.slug}`}>/booking?coach={coach.slug}</Link>
              </dd>
            </>
          ) : null}
        </dl>
        {checklist.items.length ? (
          <ul>
            {checklist.items.map((item) => (
              <li key={item.key}>
                {item.label}: {item.done ? "done" : "to do"}
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      <section aria-labelledby="upcoming-heading">
        <h3 id="upcoming-heading">Upcoming sessions ({coach.upcoming.length})</h3>
        {coach.upcoming.length ? (
          <ul>
            {coach.upcoming.map((s) => (
              <li key={s.id}>
                <Link to={`/admin/bookings/${s.id}`}>{s.when}</Link>: {s.typeName} with {s.client}
              </li>
            ))}
          </ul>
        ) : (
          <p>No upcoming sessions.</p>
        )}
      </section>

      <section aria-labelledby="handover-heading" className="card">
        <h3 id="handover-heading">Hand sessions over</h3>
        <p>
          Move all of {coach.name}&apos;s upcoming sessions to another coach at the same times. Each client is emailed with the new coach&apos;s name and a link
          to choose another time or cancel.
        </p>
        {targets.length ? (
          <>
            <Form method="get" preventScrollReset>
              <SelectField id="handover-to" name="to" label="New coach" options={targets} defaultValue={preview?.to} blank="Choose a coach" />
              <button type="submit" className="button button-secondary">
                Check their calendar
              </button>
            </Form>
            {preview ? (
              <div aria-live="polite">
                <h4>
                  {preview.sessions.length === 1 ? "1 session" : `${preview.sessions.length} sessions`} to {preview.name}
                </h4>
                {preview.sessions.length ? (
                  <ul>
                    {preview.sessions.map((s) => (
                      <li key={s.id}>
                        {s.when} ({preview.name}&apos;s time): {s.typeName} with {s.client}
                        {s.clashes.length ? <strong className="field-error"> Clash: {s.clashes.join("; ")}</strong> : " · free"}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {clashes ? (
                  <p className="field-error">Nothing can be moved while a session clashes. Free those times with {preview.name}, or choose another coach.</p>
                ) : preview.sessions.length ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="handover" />
                    <input type="hidden" name="to" value={preview.to} />
                    <FormError message={handoverErrors?.form ?? handoverErrors?.to} />
                    <button type="submit" className="button button-primary" disabled={busy}>
                      Hand over {preview.sessions.length === 1 ? "1 session" : `${preview.sessions.length} sessions`} to {preview.name}
                    </button>
                  </Form>
                ) : null}
              </div>
            ) : (
              <FormError message={handoverErrors?.form ?? handoverErrors?.to} />
            )}
          </>
        ) : (
          <p>No other coach has finished onboarding, so there is no one to hand over to yet.</p>
        )}
      </section>

      <section aria-labelledby="notes-heading" className="card">
        <h3 id="notes-heading">Read private notes</h3>
        <p>
          A coach&apos;s notes on their clients are private. Read them only when you must (a complaint, a safety concern, a legal request): your name, the
          client and your reason are recorded in the audit log.
        </p>
        {clients.length ? (
          <Form method="post">
            <input type="hidden" name="intent" value="read-notes" />
            <SelectField id="notes-client" name="client" label="Client" options={clients} blank="Choose a client" error={notesErrors?.client} />
            <FieldFrame
              id="notes-reason"
              label="Reason"
              hint={`At least ${NOTES_READ_REASON_MIN} characters; recorded in the audit log.`}
              error={notesErrors?.reason}
            >
              <textarea
                id="notes-reason"
                name="reason"
                rows={3}
                required
                minLength={NOTES_READ_REASON_MIN}
                maxLength={500}
                aria-invalid={notesErrors?.reason ? true : undefined}
                aria-describedby={describedByOf("notes-reason", "hint", notesErrors?.reason)}
              />
            </FieldFrame>
            <button type="submit" className="button button-secondary" disabled={busy}>
              Read the notes
            </button>
          </Form>
        ) : (
          <p>{coach.name} has no clients yet.</p>
        )}
        {notes ? (
          <section aria-labelledby="notes-result-heading" ref={notesRef} tabIndex={-1}>
            <h4 id="notes-result-heading">Private notes on {notes.name}</h4>
            {notes.sessions.length ? (
              <ul>
                {notes.sessions.map((s) => (
                  <li key={s.id}>
                    <strong>
                      {s.when}, {s.typeName}
                    </strong>
                    <p className="private-note">{s.notes}</p>
                  </li>
                ))}
              </ul>
            ) : (
              <p>No private notes on this client.</p>
            )}
          </section>
        ) : null}
      </section>

      <section aria-labelledby="recent-heading">
        <h3 id="recent-heading">Recent sessions</h3>
        {coach.recent.length ? (
          <ul>
            {coach.recent.map((s) => (
              <li key={s.id}>
                <Link to={`/admin/bookings/${s.id}`}>{s.when}</Link>: {s.typeName} with {s.client} · {s.statusLabel}
              </li>
            ))}
          </ul>
        ) : (
          <p>No sessions yet.</p>
        )}
      </section>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: "Coach", description: "A coach of the network.", path: "/admin/coaches" }),
  NOINDEX,
];

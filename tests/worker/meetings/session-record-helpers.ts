import { createExecutionContext, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { PermissionViewer } from "~/auth/permissions.server";
import type { AppContext } from "~/context.server";
import { createAppContext } from "~/create-context.server";
import type { Role } from "~/db/schema";
import type { MeetingRole } from "~/meetings/signalling";
import { fixedClock } from "~/platform/clock";
import { createBooking, ensureCatalogue, type BookingOptions } from "../../factories/bookings";
import { createUser } from "../../factories/users";

// The session record's tests: a coach, a client and a stranger around one booking, contexts on a
// fixed clock, and a meeting room's chat written straight into its Durable Object.

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/** The meetings domain's context at a fixed time (with other bindings, e.g. a model configured). */
export function recordContext(now: Date | string, bindings: Env = env): AppContext {
  return createAppContext(bindings, {
    request: new Request("http://localhost/meeting"),
    executionContext: createExecutionContext(),
    clock: fixedClock(typeof now === "string" ? new Date(now) : now),
  });
}

export type Person = PermissionViewer & { id: string; email: string };

async function person(roles: Role[], firstName = "Test", lastName = "User"): Promise<Person> {
  const user = await createUser({ roles, firstName, lastName });
  return { id: user.id, email: user.email, roles };
}

/** A 60-minute session between a new coach and a new client (and a stranger and an admin to ask too). */
export async function sessionCast(options: Partial<BookingOptions> & { startsAt: string }) {
  await ensureCatalogue();
  const [coach, client, stranger, admin] = await Promise.all([
    person(["coach"], "Casey", "Coach"),
    person(["client"], "Alex", "Nguyen"),
    person(["client"]),
    person(["admin"]),
  ]);
  const booking = await createBooking({ coachId: coach.id, clientId: client.id, email: client.email, name: "Alex Nguyen", ...options });
  return { coach, client, stranger, admin, booking };
}

/** Writes messages into the meeting room's chat, as the room stores those its participants send. */
export async function seedChat(meetingId: string, messages: { from: MeetingRole; text: string; senderId: string }[]) {
  const stub = env.MEETING_ROOM.get(env.MEETING_ROOM.idFromName(meetingId));
  await runInDurableObject(stub, (_instance, state) => {
    messages.forEach((message, i) =>
      state.storage.sql.exec(
        "INSERT INTO chat_messages (id, client_message_id, sender_role, sender_id, text, sent_at) VALUES (?, ?, ?, ?, ?, ?)",
        crypto.randomUUID(),
        `seed-${crypto.randomUUID()}`,
        message.from,
        message.senderId,
        message.text,
        new Date(Date.now() - (messages.length - i) * 60_000).toISOString(),
      ),
    );
  });
}

/** The 404 a guard throws (a Response), or what else was thrown. */
export async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a refusal, but it went through");
}

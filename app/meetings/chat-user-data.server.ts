import { and, eq, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import type { AppContext } from "~/context.server";
import { bookings } from "~/db/schema";
import { meetingRoom } from "~/meetings/room.server";
import type { ChatMessage, MeetingRole } from "~/meetings/signalling";

// A meeting's chat lives in its room (the MeetingRoom Durable Object's storage), outside D1, so the
// D1 registry of user data (app/accounts/) cannot reach it: "Download all my data" adds it with
// meetingChatsForExport, and deleting the account removes the person's messages with
// forgetMeetingChats before the D1 batch (while the bookings still name them).

type Subject = { id: string; email: string | null };

export type ExportedMeetingChat = {
  meetingId: string;
  startsAt: string;
  /** The user's place in the meeting. */
  role: MeetingRole;
  /** The whole chat, as both participants see it after the call. */
  messages: (Pick<ChatMessage, "from" | "text" | "sentAt"> & { mine: boolean })[];
};

/**
 * The meetings the user took part in, as coach or client (by account or by the booking's address),
 * whose room has opened: a room that never opened holds no chat, and is not woken to say so.
 */
async function meetingsOf(context: Pick<AppContext, "db" | "env" | "services">, user: Subject) {
  const asClient: SQL = user.email
    ? (or(eq(bookings.clientId, user.id), sql`lower(${bookings.email}) = ${user.email.toLowerCase()}`) as SQL)
    : eq(bookings.clientId, user.id);
  const opened = new Date(context.services.clock.now().getTime() + context.env.MEETING_OPENS_BEFORE_MINUTES * 60_000).toISOString();
  const rows = await context.db
    .select({ id: bookings.id, startsAt: bookings.startsAt, coachId: bookings.coachId })
    .from(bookings)
    .where(and(or(asClient, eq(bookings.coachId, user.id)), inArray(bookings.status, ["confirmed", "cancelled"]), lte(bookings.startsAt, opened)))
    .orderBy(bookings.startsAt);
  return rows.map((row) => ({ id: row.id, startsAt: row.startsAt, role: (row.coachId === user.id ? "coach" : "client") as MeetingRole }));
}

/** Each meeting the user took part in that has a chat, with its messages (for the data export). */
export async function meetingChatsForExport(context: AppContext, user: Subject): Promise<ExportedMeetingChat[]> {
  const meetings = await meetingsOf(context, user);
  const chats = await Promise.all(meetings.map((meeting) => meetingRoom(context, meeting.id).chatOf(user.id)));
  return meetings.flatMap((meeting, i) => {
    const messages = chats[i]!;
    if (messages.length === 0) return [];
    return [{ meetingId: meeting.id, startsAt: meeting.startsAt, role: meeting.role, messages }];
  });
}

/**
 * Deleting the account: the user's own chat messages are deleted from every meeting they took part
 * in (the other participant's messages stay in their record), the room's log of recording consent
 * keeps the events but no longer names them, and any socket of theirs is closed. Returns how many
 * messages went. Idempotent: a deletion that failed part-way is simply run again.
 */
export async function forgetMeetingChats(context: AppContext, user: Subject): Promise<number> {
  const meetings = await meetingsOf(context, user);
  const removed = await Promise.all(meetings.map((meeting) => meetingRoom(context, meeting.id).forgetParticipant(user.id)));
  return removed.reduce((sum, n) => sum + n, 0);
}

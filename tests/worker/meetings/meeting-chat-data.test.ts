import { expect, test } from "vitest";
import type { ExportedMeetingChat } from "~/meetings/chat-user-data.server";
import { createBooking } from "../../factories/bookings";
import { fetchApp } from "../app";
import { bothInCall, createMeeting, roomStub } from "./room-helpers";

// The meeting chat lives in the room's storage, outside D1: "Download all my data" includes it, and
// deleting the account removes the person's own messages from it.

async function exportOf(cookie: string) {
  const response = await fetchApp("/profile/export.json", { cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as { meetingChats: ExportedMeetingChat[] };
}

test("the data export has the chat of each meeting the user took part in, as client and as coach, and no one else's", async () => {
  const meeting = await createMeeting();
  const { coach, client } = await bothInCall(meeting);
  await client.ask({ type: "chat", clientMessageId: crypto.randomUUID(), text: "My question about pricing" }, "chat");
  await coach.ask({ type: "chat", clientMessageId: crypto.randomUUID(), text: "Let's start with your margins" }, "chat");
  // Another meeting of the same client, whose room has not opened: nothing to export, and not woken.
  await createBooking({ coachId: meeting.coach.id, clientId: meeting.client.id });
  // Someone else's meeting with the same coach.
  const other = await createMeeting();
  const others = await bothInCall(other);
  await others.client.ask({ type: "chat", clientMessageId: crypto.randomUUID(), text: "Someone else's words" }, "chat");

  const clientExport = await exportOf(meeting.client.cookie);
  expect(clientExport.meetingChats).toEqual([
    {
      meetingId: meeting.id,
      startsAt: meeting.booking.startsAt,
      role: "client",
      messages: [
        { from: "client", text: "My question about pricing", sentAt: expect.any(String), mine: true },
        { from: "coach", text: "Let's start with your margins", sentAt: expect.any(String), mine: false },
      ],
    },
  ]);
  const coachExport = await exportOf(meeting.coach.cookie);
  expect(coachExport.meetingChats.map((chat) => [chat.meetingId, chat.role, chat.messages.filter((m) => m.mine).map((m) => m.text)])).toEqual([
    [meeting.id, "coach", ["Let's start with your margins"]],
  ]);
  expect(JSON.stringify(clientExport)).not.toContain("Someone else's words");
  for (const socket of [coach, client, others.coach, others.client]) socket.close();
});

test("deleting the account removes the user's chat messages; the coach keeps their own, and the consent log no longer names the user", async () => {
  const meeting = await createMeeting();
  const { coach, client } = await bothInCall(meeting);
  await client.ask({ type: "chat", clientMessageId: crypto.randomUUID(), text: "Private detail about my business" }, "chat");
  await coach.ask({ type: "chat", clientMessageId: crypto.randomUUID(), text: "Thanks, noted" }, "chat");
  await coach.ask({ type: "recording-consent-request" }, "recording");
  await client.ask({ type: "recording-consent-answer", accepted: false }, "recording");

  const response = await fetchApp("/profile?tab=privacy", { cookie: meeting.client.cookie, form: { intent: "delete-account", confirm: "DELETE" } });
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/");

  // The client's socket is closed, and the coach is told they left.
  expect((await client.closedWith()).code).toBe(1000);
  await coach.next("peer-left");
  const chat = await roomStub(meeting.id).chat();
  expect(chat.map((message) => [message.from, message.text])).toEqual([["coach", "Thanks, noted"]]);
  const consent = await roomStub(meeting.id).recordingConsent();
  expect(consent.map((entry) => [entry.event, entry.role, entry.userId])).toEqual([
    ["requested", "coach", meeting.coach.id],
    ["declined", "client", ""],
  ]);
  expect(JSON.stringify(consent)).not.toContain(meeting.client.id);
  coach.close();
});

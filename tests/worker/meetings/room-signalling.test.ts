import { runInDurableObject } from "cloudflare:test";
import { expect, test } from "vitest";
import { CHAT_MESSAGE_MAX_BYTES, PING_TEXT, SDP_MESSAGE_MAX_BYTES } from "~/meetings/signalling";
import { waitFor } from "../../wait-for";
import { bothInCall, connect, createMeeting, MEDIA, roomStub } from "./room-helpers";

// What the room does with each message: refuses what is malformed, too large, unknown or not the
// sender's to send; relays signalling only to the peer in the call; keeps the chat.

test("malformed, binary, oversized, unknown and invalid messages are refused with their codes, and the socket stays usable", async () => {
  const meeting = await createMeeting();
  const client = await connect(meeting.id, meeting.client.cookie);
  expect(await client.ask("{not json", "error")).toEqual({ type: "error", code: "malformed" });
  expect(await client.ask("[1,2]", "error")).toEqual({ type: "error", code: "malformed" });
  expect(await client.ask({ kind: "offer" }, "error")).toEqual({ type: "error", code: "malformed" });
  const after = client.received.length;
  client.socket.send(new TextEncoder().encode(JSON.stringify({ type: "ping" })));
  expect(await client.next("error", undefined, after)).toEqual({ type: "error", code: "binary" });
  // Over the largest limit, whatever its type; and a chat over its own, smaller limit.
  expect(await client.ask({ type: "offer", sdp: "x".repeat(SDP_MESSAGE_MAX_BYTES + 1) }, "error")).toEqual({ type: "error", code: "too_large" });
  expect(await client.ask({ type: "chat", clientMessageId: crypto.randomUUID(), text: "é".repeat(CHAT_MESSAGE_MAX_BYTES) }, "error")).toEqual({
    type: "error",
    code: "too_large",
  });
  expect(await client.ask({ type: "take-over-the-call" }, "error")).toEqual({ type: "error", code: "unknown_type" });
  const invalid = await client.ask({ type: "join", media: { muted: "yes" } }, "error");
  expect(invalid.code).toBe("invalid");
  expect(invalid.detail).toContain("media.muted");
  expect((await client.ask({ type: "chat", clientMessageId: crypto.randomUUID(), text: "   " }, "error")).code).toBe("invalid");
  expect((await client.ask({ type: "join", media: MEDIA, role: "coach" }, "error")).code).toBe("invalid");
  // Signalling before joining the call, and a coach's message from the client.
  expect(await client.ask({ type: "offer", sdp: "v=0" }, "error")).toEqual({ type: "error", code: "not_joined", detail: "offer" });
  expect(await client.ask({ type: "recording-start" }, "error")).toEqual({ type: "error", code: "not_allowed", detail: "recording-start" });
  // None of it closed the socket: it still joins.
  expect(await client.ask({ type: "join", media: MEDIA }, "joined")).toMatchObject({ chat: [], peer: null });
  expect(client.closed).toBeNull();
  client.close();
});

test("offers, answers, candidates and ICE restarts reach only the peer in the call, marked with the sender's role", async () => {
  const meeting = await createMeeting();
  const coach = await connect(meeting.id, meeting.coach.cookie);
  const client = await connect(meeting.id, meeting.client.cookie);
  await coach.ask({ type: "join", media: MEDIA }, "joined");
  // The client is still in the lobby: the coach's offer goes nowhere. The chat that follows it on the
  // same socket does reach the client, so by then the offer would have too.
  coach.send({ type: "offer", sdp: "v=0 too-early" });
  await coach.ask({ type: "chat", clientMessageId: crypto.randomUUID(), text: "Ready when you are" }, "chat");
  await client.next("chat");
  expect(client.count("offer")).toBe(0);

  await client.ask({ type: "join", media: MEDIA }, "joined");
  coach.send({ type: "offer", sdp: "v=0 coach-offer", iceRestart: true });
  expect(await client.next("offer")).toEqual({ type: "offer", from: "coach", sdp: "v=0 coach-offer", iceRestart: true });
  client.send({ type: "answer", sdp: "v=0 client-answer" });
  expect(await coach.next("answer")).toEqual({ type: "answer", from: "client", sdp: "v=0 client-answer" });
  const candidate = { candidate: "candidate:1 1 udp 2122260223 192.168.1.2 54321 typ host", sdpMid: "0", sdpMLineIndex: 0, usernameFragment: "abcd" };
  client.send({ type: "ice-candidate", candidate });
  expect(await coach.next("ice-candidate")).toEqual({ type: "ice-candidate", from: "client", candidate });
  coach.send({ type: "ice-candidate", candidate: null });
  expect(await client.next("ice-candidate")).toEqual({ type: "ice-candidate", from: "coach", candidate: null });
  client.send({ type: "ice-restart" });
  expect(await coach.next("ice-restart")).toEqual({ type: "ice-restart", from: "client" });
  client.send({ type: "media-state", media: { muted: true, camera: false, screen: false } });
  expect(await coach.next("peer", (m) => m.peer.media?.muted === true)).toEqual({
    type: "peer",
    peer: { role: "client", state: "in-call", media: { muted: true, camera: false, screen: false } },
  });
  // Nothing came back to its own sender.
  expect(coach.count("offer") + client.count("answer") + client.count("ice-restart")).toBe(0);

  // Leaving closes the socket normally and tells the other side.
  client.send({ type: "leave" });
  expect((await client.closedWith()).code).toBe(1000);
  expect(await coach.next("peer-left")).toEqual({ type: "peer-left", role: "client" });
  coach.close();
});

test("the exact keep-alive ping is answered by the runtime without waking the room; any other ping by the room", async () => {
  const meeting = await createMeeting();
  const client = await connect(meeting.id, meeting.client.cookie);
  expect(await client.ask(PING_TEXT, "pong")).toEqual({ type: "pong" });
  const answeredAt = await runInDurableObject(roomStub(meeting.id), (_room, state) =>
    state.getWebSockets().map((socket) => state.getWebSocketAutoResponseTimestamp(socket)),
  );
  expect(answeredAt).toHaveLength(1);
  expect(answeredAt[0]).toBeInstanceOf(Date);
  expect(await client.ask('{ "type": "ping" }', "pong")).toEqual({ type: "pong" });
  client.close();
});

test("the chat is stored once per message id, reaches both, and is handed back on every join (a reload keeps it)", async () => {
  const meeting = await createMeeting();
  const { coach, client } = await bothInCall(meeting);
  const id = crypto.randomUUID();
  const sent = await client.ask({ type: "chat", clientMessageId: id, text: "  Here is my cash-flow question  " }, "chat");
  expect(sent.message).toMatchObject({ clientMessageId: id, from: "client", text: "Here is my cash-flow question" });
  expect((await coach.next("chat")).message).toEqual(sent.message);
  // A resend after a dropped connection is acknowledged to its sender only, and stored once.
  const resent = await client.ask(
    { type: "chat", clientMessageId: id, text: "Here is my cash-flow question" },
    "chat",
    (m) => m.message.id === sent.message.id,
  );
  expect(resent.message).toEqual(sent.message);
  await coach.ask({ type: "chat", clientMessageId: crypto.randomUUID(), text: "Let's look at it" }, "chat");
  await client.next("chat", (m) => m.message.from === "coach");
  expect(coach.count("chat")).toBe(2);

  // The client reloads: the new socket's join brings the whole chat back, in order.
  const reloaded = await connect(meeting.id, meeting.client.cookie);
  const joined = await reloaded.ask({ type: "join", media: MEDIA }, "joined");
  expect(joined.chat.map((message) => [message.from, message.text])).toEqual([
    ["client", "Here is my cash-flow question"],
    ["coach", "Let's look at it"],
  ]);
  // And the meeting's record reads the same chat after the call.
  await waitFor(async () => (await roomStub(meeting.id).chat()).length === 2);
  coach.close();
  reloaded.close();
});

import { expect, test } from "vitest";
import {
  ANY_MESSAGE_MAX_BYTES,
  CHAT_MAX_CHARS,
  CLIENT_MESSAGE_TYPES,
  MESSAGE_MAX_BYTES,
  mayRoleSend,
  parseClientMessage,
  PING_TEXT,
  SDP_MESSAGE_MAX_BYTES,
} from "~/meetings/signalling";

const MEDIA = { muted: false, camera: true, screen: false };
const CLIENT_MESSAGE_ID = "5b0c1f4e-8a34-4c1e-9f0a-2d6b7e3c9a11";
const SDP = "v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0 1\r\n";

const frame = (message: unknown) => JSON.stringify(message);

test("every message a browser may send parses to its typed form", () => {
  const valid = [
    { type: "join", media: MEDIA },
    { type: "offer", sdp: SDP },
    { type: "offer", sdp: SDP, iceRestart: true },
    { type: "answer", sdp: SDP },
    {
      type: "ice-candidate",
      candidate: { candidate: "candidate:1 1 udp 2122260223 192.168.1.2 54321 typ host", sdpMid: "0", sdpMLineIndex: 0, usernameFragment: "abcd" },
    },
    { type: "ice-candidate", candidate: null },
    { type: "ice-restart" },
    { type: "media-state", media: { muted: true, camera: false, screen: true } },
    { type: "chat", clientMessageId: CLIENT_MESSAGE_ID, text: "Thanks — see you next week.\nCheers" },
    { type: "recording-consent-request" },
    { type: "recording-consent-answer", accepted: true },
    { type: "recording-start" },
    { type: "recording-stop" },
    { type: "leave" },
    { type: "ping" },
  ];
  expect(new Set(valid.map((message) => message.type))).toEqual(new Set(CLIENT_MESSAGE_TYPES));
  for (const message of valid) {
    expect(parseClientMessage(frame(message)), message.type).toEqual({ ok: true, message });
  }
  expect(parseClientMessage(PING_TEXT)).toEqual({ ok: true, message: { type: "ping" } });
});

test("chat text is trimmed", () => {
  expect(parseClientMessage(frame({ type: "chat", clientMessageId: CLIENT_MESSAGE_ID, text: "  hello  " }))).toEqual({
    ok: true,
    message: { type: "chat", clientMessageId: CLIENT_MESSAGE_ID, text: "hello" },
  });
});

test("a frame that is not a JSON object with a string type is malformed", () => {
  for (const bad of ["", "not json", "{", "null", "42", '"offer"', "[]", '[{"type":"ping"}]', "{}", '{"type":7}', '{"sdp":"x"}']) {
    expect(parseClientMessage(bad), bad).toEqual({ ok: false, code: "malformed" });
  }
});

test("a binary frame is refused", () => {
  expect(parseClientMessage(new TextEncoder().encode(PING_TEXT).buffer as ArrayBuffer)).toEqual({ ok: false, code: "binary" });
});

test("an unknown type is refused as such", () => {
  for (const type of ["hello", "PING", "__proto__", "constructor", "recording", "error", "welcome"]) {
    expect(parseClientMessage(frame({ type })), type).toEqual({ ok: false, code: "unknown_type" });
  }
});

test("a known type with wrong, missing or extra fields is invalid, and the detail names the field", () => {
  const cases: [unknown, RegExp][] = [
    [{ type: "join" }, /media/],
    [{ type: "join", media: { muted: "no", camera: true, screen: false } }, /media\.muted/],
    [{ type: "offer", sdp: "" }, /sdp/],
    [{ type: "offer", sdp: 5 }, /sdp/],
    [{ type: "ice-candidate", candidate: { candidate: "x", sdpMLineIndex: -1 } }, /sdpMLineIndex/],
    [{ type: "chat", clientMessageId: "not-a-uuid", text: "hi" }, /clientMessageId/],
    [{ type: "chat", clientMessageId: CLIENT_MESSAGE_ID, text: "   " }, /text: empty/],
    [{ type: "chat", clientMessageId: CLIENT_MESSAGE_ID, text: "a".repeat(CHAT_MAX_CHARS + 1) }, /text: longer than 2000 characters/],
    [{ type: "chat", clientMessageId: CLIENT_MESSAGE_ID, text: "bell\u0007" }, /control characters/],
    [{ type: "recording-consent-answer" }, /accepted/],
    [{ type: "leave", reason: "bye" }, /reason|Unrecognized/i],
  ];
  for (const [message, detail] of cases) {
    const result = parseClientMessage(frame(message));
    expect(result.ok, JSON.stringify(message).slice(0, 80)).toBe(false);
    if (result.ok) continue;
    expect(result.code).toBe("invalid");
    expect(result.detail).toMatch(detail);
  }
});

test("chat text of exactly 2,000 characters is accepted, also in three-byte characters", () => {
  for (const character of ["a", "é", "語"]) {
    const result = parseClientMessage(frame({ type: "chat", clientMessageId: CLIENT_MESSAGE_ID, text: character.repeat(CHAT_MAX_CHARS) }));
    expect(result.ok, character).toBe(true);
  }
});

test("a session description may take up to 64 KiB; no frame is read beyond it", () => {
  const envelope = frame({ type: "offer", sdp: "" }).length;
  const fits = frame({ type: "offer", sdp: "a".repeat(SDP_MESSAGE_MAX_BYTES - envelope) });
  expect(fits.length).toBe(SDP_MESSAGE_MAX_BYTES);
  expect(parseClientMessage(fits).ok).toBe(true);
  const over = frame({ type: "offer", sdp: "a".repeat(SDP_MESSAGE_MAX_BYTES - envelope + 1) });
  expect(parseClientMessage(over)).toEqual({ ok: false, code: "too_large" });
  // Counted in UTF-8 bytes, not characters: 22,000 three-byte characters are 66,000 bytes.
  expect(parseClientMessage(frame({ type: "answer", sdp: "語".repeat(22_000) }))).toEqual({ ok: false, code: "too_large" });
});

test("an oversized frame is refused before it is parsed, whatever it holds", () => {
  const huge = "x".repeat(ANY_MESSAGE_MAX_BYTES + 1);
  expect(parseClientMessage(huge)).toEqual({ ok: false, code: "too_large" });
  expect(parseClientMessage(`{"type":"ping","pad":"${huge}"}`)).toEqual({ ok: false, code: "too_large" });
});

test("messages other than offers, answers and chat are limited to 4 KiB", () => {
  const padded = (bytes: number) => {
    const message = { type: "ice-candidate", candidate: { candidate: "", sdpMid: "" } };
    const base = frame(message).length;
    return frame({ ...message, candidate: { ...message.candidate, sdpMid: "m".repeat(bytes - base) } });
  };
  // Over 4 KiB is too large even though the field would also be invalid: size is checked first.
  expect(parseClientMessage(padded(MESSAGE_MAX_BYTES + 1))).toEqual({ ok: false, code: "too_large" });
  expect(parseClientMessage(frame({ type: "leave", pad: "x".repeat(MESSAGE_MAX_BYTES) }))).toEqual({ ok: false, code: "too_large" });
  expect(parseClientMessage(frame({ type: "chat", clientMessageId: CLIENT_MESSAGE_ID, text: "x".repeat(9_000) }))).toEqual({
    ok: false,
    code: "too_large",
  });
});

test("only the coach asks to record and starts it, only the client answers; either may stop it", () => {
  expect(mayRoleSend("coach", "recording-consent-request")).toBe(true);
  expect(mayRoleSend("client", "recording-consent-request")).toBe(false);
  expect(mayRoleSend("client", "recording-consent-answer")).toBe(true);
  expect(mayRoleSend("coach", "recording-consent-answer")).toBe(false);
  expect(mayRoleSend("coach", "recording-start")).toBe(true);
  expect(mayRoleSend("client", "recording-start")).toBe(false);
  for (const role of ["coach", "client"] as const) {
    for (const type of ["recording-stop", "offer", "answer", "ice-candidate", "chat", "media-state", "leave", "join", "ping", "ice-restart"] as const) {
      expect(mayRoleSend(role, type), `${role} ${type}`).toBe(true);
    }
  }
});

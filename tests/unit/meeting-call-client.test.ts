import { describe, expect, test } from "vitest";
import { CLOSE_CODES, type ChatMessage } from "~/meetings/signalling";
import { chatLines, loadPending, mergeMessages, savePending, stillPending, type PendingChat } from "~/meetings/ui/call/chat";
import { shortcutOf } from "~/meetings/ui/call/call-view";
import { endOfClose, reconnectDelay, socketUrl } from "~/meetings/ui/call/signalling-client";

const message = (id: string, clientMessageId: string, sentAt: string, text = id): ChatMessage => ({ id, clientMessageId, from: "client", text, sentAt });

describe("the signalling client", () => {
  test("reconnects after 0.5 s, doubling to at most 10 s, jittered by a quarter either way", () => {
    expect(reconnectDelay(0, () => 0.5)).toBe(500);
    expect(reconnectDelay(1, () => 0.5)).toBe(1_000);
    expect(reconnectDelay(10, () => 0.5)).toBe(10_000);
    expect(reconnectDelay(0, () => 0)).toBe(375);
    expect(reconnectDelay(0, () => 1)).toBe(625);
  });

  test("stops for good when replaced by another tab (4001), when the room closes (4002) or after leaving; otherwise reconnects", () => {
    expect(endOfClose(CLOSE_CODES.replaced, false)).toBe("replaced");
    expect(endOfClose(CLOSE_CODES.roomClosed, false)).toBe("closed");
    expect(endOfClose(1000, true)).toBe("left");
    expect(endOfClose(1006, false)).toBeNull();
    expect(endOfClose(1000, false)).toBeNull();
  });

  test("uses wss on https", () => {
    expect(socketUrl("abc", { protocol: "https:", host: "clarityai.com.au" })).toBe("wss://clarityai.com.au/meeting/abc/socket");
    expect(socketUrl("abc", { protocol: "http:", host: "localhost:8787" })).toBe("ws://localhost:8787/meeting/abc/socket");
  });
});

describe("the chat", () => {
  test("merges history, live messages and echoes once each, oldest first", () => {
    const a = message("m1", "c1", "2026-11-27T10:00:00.000Z");
    const b = message("m2", "c2", "2026-11-27T10:01:00.000Z");
    expect(mergeMessages([b], [a, b])).toEqual([a, b]);
  });

  test("a message stays pending (shown as sending) until the room echoes its clientMessageId", () => {
    const pending: PendingChat[] = [{ clientMessageId: "c2", text: "hi", from: "client", queuedAt: "2026-11-27T10:02:00.000Z" }];
    const confirmed = [message("m1", "c1", "2026-11-27T10:00:00.000Z")];
    expect(chatLines(confirmed, pending).map((line) => [line.text, line.pending])).toEqual([
      ["m1", false],
      ["hi", true],
    ]);
    expect(stillPending(pending, [...confirmed, message("m2", "c2", "2026-11-27T10:02:01.000Z", "hi")])).toEqual([]);
  });

  test("pending messages survive a reload in storage, and bad storage gives none", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    };
    const pending: PendingChat[] = [{ clientMessageId: "c9", text: "still here", from: "coach", queuedAt: "2026-11-27T10:00:00.000Z" }];
    savePending(storage, "meeting-1", pending);
    expect(loadPending(storage, "meeting-1")).toEqual(pending);
    expect(loadPending(storage, "meeting-2")).toEqual([]);
    savePending(storage, "meeting-1", []);
    expect(store.size).toBe(0);
    store.set("meeting-chat-pending:meeting-3", "{not json");
    expect(loadPending(storage, "meeting-3")).toEqual([]);
  });
});

describe("keyboard shortcuts", () => {
  const key = (key: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}) => ({
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...mods,
  });
  test("Ctrl or ⌘ with D mutes and with E turns the camera; plain letters (typing) do nothing", () => {
    expect(shortcutOf(key("d", { ctrlKey: true }))).toBe("mute");
    expect(shortcutOf(key("D", { metaKey: true }))).toBe("mute");
    expect(shortcutOf(key("e", { ctrlKey: true }))).toBe("camera");
    expect(shortcutOf(key("d"))).toBeNull();
    expect(shortcutOf(key("e", { ctrlKey: true, shiftKey: true }))).toBeNull();
    expect(shortcutOf(key("x", { ctrlKey: true }))).toBeNull();
  });
});

// The signalling protocol's constants, without its validation (signalling.ts), so the browser's call
// can use them without loading zod.

/** A chat message's text, in characters (what the chat box allows). */
export const CHAT_MAX_CHARS = 2_000;

/**
 * Pings the room answers without waking (setWebSocketAutoResponse matches the exact text), so a
 * browser keeps its connection alive through idle proxies at no cost. A ping in any other spelling
 * reaches the room and is answered the same way.
 */
export const PING_TEXT = '{"type":"ping"}';
export const PONG_TEXT = '{"type":"pong"}';

/** Close codes the room uses (4000–4999 are the application's). */
export const CLOSE_CODES = {
  /** The same person connected again (a reload, a second tab): the older socket goes. */
  replaced: 4001,
  /** The room's window has ended. */
  roomClosed: 4002,
  /** The participant left. */
  left: 1000,
} as const;

import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import { CHAT_ERRORS, type ChatStreamEvent, type EscalationStatus, type StoredChatMessage, type UsageMeter } from "~/ai-coach/chat-types";
import { useToast } from "~/components/toast/toaster";
import { ApiError, escalate as escalateRequest, openStream, postChat, stopReply } from "./chat-api";
import { readChatStream } from "~/ai-coach/sse";

// The chat's state (SPEC §4 "Assistant chat"): empty with the welcome and quick prompts, then active
// after the first message; the conversation id comes from the first reply and is reused; Clear and
// New Chat empty the messages and forget the id. The reply is written on the server whatever the
// browser does, so a dropped stream is simply reopened and picks up where the reply has got to.

export type ChatView = { conversationId: string | null; messages: StoredChatMessage[]; escalations: EscalationStatus[] };

type Action =
  | { type: "reset" }
  | { type: "snapshot"; conversationId: string; messages: StoredChatMessage[]; escalations: EscalationStatus[] }
  | { type: "conversation-id"; conversationId: string }
  | { type: "local-message"; message: StoredChatMessage }
  | { type: "drop-message"; id: string }
  | { type: "delta"; messageId: string; text: string }
  | { type: "done"; messageId: string; status: StoredChatMessage["status"]; content: string }
  | { type: "escalated"; messageId: string; escalationId: string };

const EMPTY: ChatView = { conversationId: null, messages: [], escalations: [] };

export function chatReducer(state: ChatView, action: Action): ChatView {
  switch (action.type) {
    case "reset":
      return EMPTY;
    case "snapshot":
      return { conversationId: action.conversationId, messages: action.messages, escalations: action.escalations };
    case "conversation-id":
      return { ...state, conversationId: action.conversationId };
    case "local-message":
      return { ...state, messages: [...state.messages, action.message] };
    case "drop-message":
      return { ...state, messages: state.messages.filter((message) => message.id !== action.id) };
    case "delta":
      return { ...state, messages: withReply(state.messages, action.messageId, (content) => content + action.text, "streaming") };
    case "done":
      return { ...state, messages: withReply(state.messages, action.messageId, () => action.content, action.status) };
    case "escalated":
      return {
        ...state,
        messages: state.messages.map((message) => (message.id === action.messageId ? { ...message, escalationId: action.escalationId } : message)),
        escalations: state.escalations.some((e) => e.id === action.escalationId)
          ? state.escalations
          : [...state.escalations, { id: action.escalationId, messageId: action.messageId, status: "open" }],
      };
  }
}

/** The reply's content and status updated, or the reply added at the end when it isn't shown yet. */
function withReply(messages: StoredChatMessage[], id: string, content: (previous: string) => string, status: StoredChatMessage["status"]) {
  if (!messages.some((message) => message.id === id))
    return [...messages, { id, role: "assistant" as const, content: content(""), timestamp: new Date().toISOString(), status }];
  return messages.map((message) => (message.id === id ? { ...message, content: content(message.content), status } : message));
}

/** SPEC §8: which toast a chat failure raises, from the server's message or a failed API call (an ApiError carries the server's message). */
export function chatErrorToast(problem: unknown) {
  const message = typeof problem === "string" ? problem : problem instanceof ApiError ? problem.message : null;
  if (message && /subscription/i.test(message)) {
    return { title: CHAT_ERRORS.subscriptionTitle, description: CHAT_ERRORS.subscriptionDescription, variant: "destructive" as const };
  }
  return { title: CHAT_ERRORS.genericTitle, description: message || CHAT_ERRORS.genericDescription, variant: "destructive" as const };
}

const RECONNECT_DELAYS_MS = [500, 1500, 3000, 6000];
const newId = () => (typeof crypto.randomUUID === "function" ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);
const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

export type UseCoachChat = ReturnType<typeof useCoachChat>;

export function useCoachChat(options: { initial?: ChatView | null; initialStreaming?: boolean } = {}) {
  const { toast } = useToast();
  const [view, dispatch] = useReducer(chatReducer, options.initial ?? EMPTY);
  /** A request is out or a reply is streaming: sending is blocked. */
  const [busy, setBusy] = useState(false);
  /** Today's meter as the latest reply or refusal reported it; null until one does. */
  const [usage, setUsage] = useState<UsageMeter | null>(null);
  /** The daily limit's message (shown in the chat, not as an error). */
  const [limitNotice, setLimitNotice] = useState<string | null>(null);
  const [stopping, setStopping] = useState(false);
  const streamRef = useRef<AbortController | null>(null);
  /** The latest state, for callbacks that run after awaits. */
  const viewRef = useRef(view);
  useEffect(() => {
    viewRef.current = view;
  });
  /** A send that failed on the network keeps its id, so sending the same text again cannot store it twice. */
  const retryRef = useRef<{ text: string; clientMessageId: string } | null>(null);

  const showError = useCallback((problem: unknown) => toast(chatErrorToast(problem)), [toast]);

  /** Reads one stream to its end; true when the reply finished (done), false when the stream just ended. */
  const consume = useCallback(
    async (response: Response, signal: AbortSignal, onSnapshot?: () => void): Promise<"done" | "ended" | "error"> => {
      let outcome: "done" | "ended" | "error" = "ended";
      for await (const event of readChatStream(response.body!, signal)) {
        outcome = apply(event) ?? outcome;
        if (event.event === "snapshot") onSnapshot?.();
        if (outcome !== "ended") break;
      }
      return outcome;

      function apply(event: ChatStreamEvent): "done" | "error" | undefined {
        switch (event.event) {
          case "snapshot":
            dispatch({ type: "snapshot", conversationId: event.data.conversation.id, messages: event.data.messages, escalations: event.data.escalations });
            return event.data.messages.some((m) => m.status === "streaming") ? undefined : "done";
          case "delta":
            dispatch({ type: "delta", messageId: event.data.messageId, text: event.data.text });
            return undefined;
          case "done":
            dispatch({ type: "done", messageId: event.data.messageId, status: event.data.status, content: event.data.content });
            if (event.data.usage) setUsage(event.data.usage);
            if (event.data.escalationTriggered) toast({ title: CHAT_ERRORS.escalationTitle, description: CHAT_ERRORS.escalationDescription });
            return "done";
          case "error":
            if (event.data.code === "usage_limit") setLimitNotice(event.data.message);
            else showError(event.data.message);
            return "error";
        }
      }
    },
    [showError, toast],
  );

  /** Follows the conversation's reply until it is done, reopening the stream when it drops. */
  const follow = useCallback(
    async (conversationId: string, signal: AbortSignal, first?: Response) => {
      let response = first;
      for (let attempt = 0; !signal.aborted;) {
        try {
          response ??= await openStream(conversationId, signal);
          const outcome = await consume(response, signal, () => (attempt = 0));
          if (outcome !== "ended") return outcome;
        } catch (error) {
          if (signal.aborted) return "ended";
          if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
            showError(error.message);
            return "error";
          }
        }
        response = undefined;
        const delay = RECONNECT_DELAYS_MS[attempt++];
        if (delay === undefined) {
          showError("The connection to ClarityAI dropped. Reload the page to see the rest of the reply.");
          return "error";
        }
        await wait(delay, signal);
      }
      return "ended";
    },
    [consume, showError],
  );

  const takeStream = useCallback(() => {
    streamRef.current?.abort();
    const controller = new AbortController();
    streamRef.current = controller;
    return controller;
  }, []);

  const finish = useCallback((controller: AbortController) => {
    if (streamRef.current !== controller) return;
    streamRef.current = null;
    setBusy(false);
    setStopping(false);
  }, []);

  /** Sends a message; false when it was not sent (empty, or a reply is still loading). */
  const send = useCallback(
    async (raw: string): Promise<boolean> => {
      const text = raw.trim();
      if (!text || streamRef.current) return false;
      const retry = retryRef.current?.text === text ? retryRef.current : null;
      const clientMessageId = retry?.clientMessageId ?? newId();
      retryRef.current = null;
      setLimitNotice(null);
      const controller = takeStream();
      setBusy(true);
      const localId = `local-${clientMessageId}`;
      dispatch({ type: "local-message", message: { id: localId, role: "user", content: text, timestamp: new Date().toISOString(), status: "complete" } });
      try {
        const response = await postChat({ message: text, conversationId: viewRef.current.conversationId, clientMessageId }, controller.signal);
        const conversationId = response.headers.get("X-Conversation-Id") ?? viewRef.current.conversationId;
        if (conversationId && !viewRef.current.conversationId) dispatch({ type: "conversation-id", conversationId });
        if (conversationId) await follow(conversationId, controller.signal, response);
        return true;
      } catch (error) {
        if (controller.signal.aborted) return true;
        dispatch({ type: "drop-message", id: localId });
        if (error instanceof ApiError && error.code === "usage_limit") {
          setLimitNotice(error.message);
          if (error.body?.usage) setUsage(error.body.usage);
        } else {
          if (error instanceof ApiError && error.code === "network") retryRef.current = { text, clientMessageId };
          showError(error);
        }
        return false;
      } finally {
        finish(controller);
      }
    },
    [finish, follow, showError, takeStream],
  );

  /** Opens a stored conversation: its messages, and a reply still being written continues live. */
  const open = useCallback(
    async (conversationId: string) => {
      const controller = takeStream();
      setBusy(true);
      setLimitNotice(null);
      try {
        await follow(conversationId, controller.signal);
      } finally {
        finish(controller);
      }
    },
    [finish, follow, takeStream],
  );

  /** New Chat and Clear (SPEC §4): the messages go, and the next message starts a new conversation. */
  const reset = useCallback(() => {
    // The reply being written (if any) is still finished and saved on the server; we just stop watching it.
    streamRef.current?.abort();
    streamRef.current = null;
    retryRef.current = null;
    setBusy(false);
    setStopping(false);
    setLimitNotice(null);
    dispatch({ type: "reset" });
  }, []);

  const stop = useCallback(async () => {
    const { conversationId } = viewRef.current;
    if (!conversationId) return;
    setStopping(true);
    try {
      await stopReply(conversationId);
    } catch (error) {
      setStopping(false);
      showError(error);
    }
  }, [showError]);

  /** "Ask an expert" (Pro): the latest question, or the one given, goes to a human expert. */
  const askExpert = useCallback(
    async (messageId?: string) => {
      const { conversationId, messages } = viewRef.current;
      if (!conversationId) return;
      const target = messageId ?? messages.filter((message) => message.role === "user").at(-1)?.id;
      try {
        const result = await escalateRequest(conversationId, target);
        if (result.escalationTriggered && result.escalationId) {
          if (target) dispatch({ type: "escalated", messageId: target, escalationId: result.escalationId });
          toast({ title: CHAT_ERRORS.escalationTitle, description: CHAT_ERRORS.escalationDescription });
        }
      } catch (error) {
        showError(error);
      }
    },
    [showError, toast],
  );

  // A conversation opened while its reply is still being written (a reload mid-reply) follows it live.
  const resumeRef = useRef(Boolean(options.initialStreaming && options.initial?.conversationId));
  useEffect(() => {
    if (!resumeRef.current) return;
    resumeRef.current = false;
    void open(viewRef.current.conversationId!);
  }, [open]);

  // An expert's answer arrives later: coming back to the tab refreshes a conversation that awaits one.
  useEffect(() => {
    function onVisible() {
      const { conversationId, escalations } = viewRef.current;
      if (document.visibilityState === "visible" && conversationId && !streamRef.current && escalations.some((e) => e.status !== "resolved"))
        void open(conversationId);
    }
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [open]);

  useEffect(() => () => streamRef.current?.abort(), []);

  const streaming = view.messages.some((message) => message.status === "streaming");
  const last = view.messages.at(-1);
  const waitingForFirstToken = busy && (!last || last.role === "user" || (last.status === "streaming" && last.content === ""));

  return { ...view, busy, streaming, waitingForFirstToken, stopping, usage, limitNotice, send, open, reset, stop, askExpert };
}

import { useCallback, useEffect, useRef, useState } from "react";
import { useToast } from "~/components/toast/toaster";
import {
  contactSummary,
  readSalesChatStream,
  SALES_CHAT_ERROR,
  SALES_CHAT_LIMITS,
  type ContactInfo,
  type SalesChatApiError,
  type SalesChatMessage,
  type SalesChatRequest,
} from "~/sales-chat/types";
import { readSavedSalesChat, saveSalesChat } from "./storage";

// The Service Assistant's conversation (SPEC §4 "Service chat", §7 service-discovery-chat): each
// message goes to POST /sales-chat with the earlier messages and any contact details, and the reply
// streams back. A failed send takes the visitor's message back out and says so in a toast (SPEC §8).

export type ChatMessage = SalesChatMessage & { id: string; streaming?: boolean };
export type ContactFieldErrors = NonNullable<SalesChatApiError["fields"]>;
/** failed: the server or the network refused it (not a blank message, a reply still loading or a reset). */
export type SendResult = { sent: true } | { sent: false; failed?: true; fields?: ContactFieldErrors };

let counter = 0;
const localId = () => `m${++counter}`;
const newConversationId = () => crypto.randomUUID();

/** Why a send failed: what the toast says, and the contact fields the server refused (a 400). */
class SendFailure extends Error {
  constructor(
    readonly description: string = SALES_CHAT_ERROR.description,
    readonly fields?: ContactFieldErrors,
  ) {
    super(description);
  }
}

async function refusalOf(response: Response): Promise<SendFailure> {
  const body = (await response.json().catch(() => null)) as Partial<SalesChatApiError> | null;
  // A rate limit's sentence says when to try again; other refusals get the catalogue's wording.
  const description = response.status === 429 && typeof body?.error === "string" ? body.error : SALES_CHAT_ERROR.description;
  const fields = response.status === 400 && body?.fields && typeof body.fields === "object" ? body.fields : undefined;
  return new SendFailure(description, fields);
}

export function useSalesChat() {
  const { toast } = useToast();
  const [saved] = useState(readSavedSalesChat);
  const [messages, setMessages] = useState<ChatMessage[]>(() => (saved.messages ?? []).map((m) => ({ ...m, id: localId() })));
  const [contactInfo, setContactInfo] = useState<ContactInfo | null>(saved.contactInfo ?? null);
  const [conversationId, setConversationId] = useState<string | null>(saved.conversationId ?? null);
  const [pagePath, setPagePath] = useState<string | null>(saved.pagePath ?? null);
  /** A request is out or a reply is streaming: sending is blocked. */
  const [busy, setBusy] = useState(false);
  /** The latest finished reply as plain words, for the polite live region. */
  const [announcement, setAnnouncement] = useState("");
  const controllerRef = useRef<AbortController | null>(null);
  const latest = useRef({ messages, contactInfo, conversationId, pagePath });
  useEffect(() => {
    latest.current = { messages, contactInfo, conversationId, pagePath };
  });

  // Remembered for this tab; a reply still streaming is saved once it is complete.
  useEffect(() => {
    if (messages.some((m) => m.streaming)) return;
    saveSalesChat({
      messages: messages.map(({ role, content }) => ({ role, content })),
      contactInfo,
      conversationId: conversationId ?? undefined,
      pagePath: pagePath ?? undefined,
    });
  }, [messages, contactInfo, conversationId, pagePath]);

  useEffect(() => () => controllerRef.current?.abort(), []);

  /**
   * Sends one message (trimmed; blank or while a reply loads: not sent). `contact` is the contact
   * form's details, sent with its summary before they are known to have been accepted.
   */
  const send = useCallback(
    async (raw: string, contact?: ContactInfo): Promise<SendResult> => {
      const text = raw.trim();
      if (!text || controllerRef.current) return { sent: false };
      const controller = new AbortController();
      controllerRef.current = controller;
      const state = latest.current;
      const id = state.conversationId ?? newConversationId();
      const path = state.pagePath ?? window.location.pathname;
      if (!state.conversationId) setConversationId(id);
      if (!state.pagePath) setPagePath(path);
      const request: SalesChatRequest = {
        message: text,
        conversationHistory: state.messages.map(({ role, content }) => ({ role, content })).slice(-SALES_CHAT_LIMITS.historyMessages),
        contactInfo: contact ?? state.contactInfo,
        conversationId: id,
        pagePath: path,
      };
      const userId = localId();
      const replyId = localId();
      setAnnouncement("");
      setBusy(true);
      setMessages((current) => [...current, { id: userId, role: "user", content: text }]);
      const setReply = (content: string, streaming: boolean) =>
        setMessages((current) =>
          current.some((m) => m.id === replyId)
            ? current.map((m) => (m.id === replyId ? { ...m, content, streaming } : m))
            : [...current, { id: replyId, role: "assistant", content, streaming }],
        );

      try {
        let response: Response;
        try {
          response = await fetch("/sales-chat", {
            method: "POST",
            headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
            body: JSON.stringify(request),
            signal: controller.signal,
          });
        } catch (error) {
          if (controller.signal.aborted) throw error;
          throw new SendFailure();
        }
        if (!response.ok || !response.body) throw await refusalOf(response);

        let reply = "";
        let finished = false;
        for await (const event of readSalesChatStream(response.body, controller.signal)) {
          if (event.event === "delta") {
            reply += event.data.text;
            setReply(reply, true);
          } else if (event.event === "done") {
            reply = event.data.content;
            finished = true;
            break;
          } else {
            throw new SendFailure();
          }
        }
        if (!finished && !reply.trim()) throw new SendFailure();
        setReply(reply, false);
        setAnnouncement(`The Service Assistant replied: ${plainWords(reply)}`);
        return { sent: true };
      } catch (error) {
        // Reset or leaving the page: nothing to report.
        if (controller.signal.aborted) return { sent: false };
        setMessages((current) => current.filter((m) => m.id !== userId && m.id !== replyId));
        const failure = error instanceof SendFailure ? error : new SendFailure();
        toast({ title: SALES_CHAT_ERROR.title, description: failure.description, variant: "destructive" });
        return { sent: false, failed: true, fields: failure.fields };
      } finally {
        if (controllerRef.current === controller) {
          controllerRef.current = null;
          setBusy(false);
        }
      }
    },
    [toast],
  );

  /**
   * The "Let's connect" form (SPEC §7): its details are kept and their summary is sent with them.
   * If that send fails the details are forgotten again, so the form is offered again.
   */
  const shareContact = useCallback(
    async (info: ContactInfo): Promise<SendResult> => {
      if (controllerRef.current) return { sent: false };
      const previous = latest.current.contactInfo;
      setContactInfo(info);
      const result = await send(contactSummary(info), info);
      if (!result.sent && result.failed) setContactInfo(previous);
      return result;
    },
    [send],
  );

  /** "Start new conversation" (SPEC §4): the messages and contact details go; a new conversation id. */
  const reset = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    setBusy(false);
    setAnnouncement("");
    setMessages([]);
    setContactInfo(null);
    setConversationId(newConversationId());
    setPagePath(window.location.pathname);
  }, []);

  const last = messages.at(-1);
  const thinking = busy && (!last || last.role === "user");
  return { messages, contactInfo, busy, thinking, announcement, send, shareContact, reset };
}

/** A reply read aloud without its Markdown marks. */
function plainWords(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`#>|]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

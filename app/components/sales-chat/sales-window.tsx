import { useNavigate } from "@remix-run/react";
import { memo, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Markdown } from "~/components/ai-coach/markdown";
import { SALES_CHAT_LIMITS, SALES_CHAT_WELCOME, SUGGESTED_QUESTIONS, type ContactInfo } from "~/sales-chat/types";
import { ContactForm, EMPTY_CONTACT_DRAFT, type ContactDraft } from "./contact-form";
import { saveSalesChat, type SalesWidgetState } from "./storage";
import { useSalesChat, type ChatMessage, type ContactFieldErrors } from "./use-sales-chat";

// The Service Assistant's window (loaded when the button is first pressed): open, minimised to its
// title bar, or closed (then nothing is shown, but the conversation and a reply still streaming stay
// here). The welcome and suggested questions until the first message; the messages, the assistant's
// as safe Markdown; "Thinking…" until the reply starts; the composer (Enter sends, Shift+Enter starts
// a new line); "Let's connect" once the visitor has asked something and no email is known yet.
// Escape closes the window; focus moves in when the visitor opens it and back to the button on close.

type Props = { state: SalesWidgetState; focusRequest: number; onStateChange: (state: SalesWidgetState) => void };

/** The character counter shows from this many characters left. */
const COUNTER_FROM = 100;
const AUTHORS = { user: "You", assistant: "Service Assistant" } as const;

export default function SalesWindow({ state, focusRequest, onStateChange }: Props) {
  const chat = useSalesChat();
  const navigate = useNavigate();
  const titleId = useId();
  const inputId = useId();
  const suggestionsId = useId();
  const windowRef = useRef<HTMLDivElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const restoreRef = useRef<HTMLButtonElement>(null);
  const shareRef = useRef<HTMLButtonElement>(null);
  const [draft, setDraft] = useState("");
  const [formOpen, setFormOpen] = useState(false);
  const [contactDraft, setContactDraft] = useState<ContactDraft>(EMPTY_CONTACT_DRAFT);
  const [contactErrors, setContactErrors] = useState<ContactFieldErrors>({});
  /** Where focus goes once the form has closed. */
  const [focusAfterForm, setFocusAfterForm] = useState<"share" | "input" | null>(null);
  const onStateChangeRef = useRef(onStateChange);
  useEffect(() => {
    onStateChangeRef.current = onStateChange;
  });

  useEffect(() => saveSalesChat({ state }), [state]);

  const shown = state !== "closed";
  const minimised = state === "minimised";
  const started = chat.messages.length > 0;
  const offerContact = started && !chat.contactInfo?.email && !formOpen;
  const remaining = SALES_CHAT_LIMITS.messageLength - draft.length;

  // Focus follows the visitor's own opens and restores (a reload that finds the window open leaves focus alone).
  useEffect(() => {
    if (focusRequest === 0) return;
    if (state === "minimised") restoreRef.current?.focus();
    else if (state === "open") (windowRef.current?.querySelector<HTMLElement>(".sales-contact input") ?? inputRef.current)?.focus();
  }, [focusRequest, state]);

  useEffect(() => {
    if (formOpen || !focusAfterForm) return;
    (focusAfterForm === "share" ? (shareRef.current ?? inputRef.current) : inputRef.current)?.focus();
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setFocusAfterForm(null);
  }, [formOpen, focusAfterForm]);

  // Escape closes; links to this site's pages open inside the app, keeping the conversation open.
  useEffect(() => {
    const element = windowRef.current;
    if (!shown || !element) return;
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      event.preventDefault();
      onStateChangeRef.current("closed");
    }
    function onClick(event: MouseEvent) {
      const link = (event.target as HTMLElement).closest<HTMLAnchorElement>("a[data-internal]");
      if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigate(link.getAttribute("href")!);
    }
    element.addEventListener("keydown", onKeyDown);
    element.addEventListener("click", onClick);
    return () => {
      element.removeEventListener("keydown", onKeyDown);
      element.removeEventListener("click", onClick);
    };
  }, [shown, navigate]);

  // The newest words stay in view while a reply streams, unless the reader has scrolled up.
  const lastLength = chat.messages.at(-1)?.content.length ?? 0;
  useEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const nearBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 120;
    if (nearBottom || !chat.busy) log.scrollTop = log.scrollHeight;
  }, [chat.messages.length, lastLength, chat.busy, chat.thinking, formOpen, minimised]);

  async function send(text: string) {
    const result = await chat.send(text);
    // Not sent: the words come back to the box, so nothing typed is lost.
    if (!result.sent) setDraft((current) => current || text);
  }

  function submit() {
    const text = draft;
    if (!text.trim() || chat.busy) return;
    setDraft("");
    void send(text);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  function ask(question: string) {
    inputRef.current?.focus();
    void chat.send(question);
  }

  function openForm() {
    setContactErrors({});
    setFormOpen(true);
  }

  async function submitContact(info: ContactInfo) {
    setFormOpen(false);
    setFocusAfterForm("input");
    const result = await chat.shareContact(info);
    // The server refused some details: the form comes back with its words on the fields.
    if (!result.sent && result.fields && Object.keys(result.fields).length) {
      setContactErrors(result.fields);
      setFormOpen(true);
    }
  }

  function startNew() {
    chat.reset();
    setDraft("");
    setFormOpen(false);
    setContactDraft(EMPTY_CONTACT_DRAFT);
    setContactErrors({});
    inputRef.current?.focus();
  }

  if (!shown) return null;
  return (
    <div ref={windowRef} className="coach-window sales-window" data-state={state} role="dialog" aria-labelledby={titleId}>
      <div className="coach-window-bar sales-window-bar">
        <span className="sales-window-avatar" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="18" height="18" focusable="false">
            <path fill="currentColor" d="M12 2a5 5 0 1 1 0 10 5 5 0 0 1 0-10Zm0 12c5 0 9 2.5 9 5.5V22H3v-2.5C3 16.5 7 14 12 14Z" />
          </svg>
        </span>
        <h2 className="coach-window-title sales-window-title" id={titleId}>
          Service Assistant
          {minimised && chat.busy ? <span className="coach-window-activity"> · replying…</span> : null}
        </h2>
        {minimised ? (
          <button
            ref={restoreRef}
            type="button"
            className="coach-window-control"
            onClick={() => onStateChange("open")}
            aria-label="Restore the Service Assistant"
          >
            <span aria-hidden="true">▴</span>
          </button>
        ) : (
          <button type="button" className="coach-window-control" onClick={() => onStateChange("minimised")} aria-label="Minimise the Service Assistant">
            <span aria-hidden="true">▾</span>
          </button>
        )}
        <button type="button" className="coach-window-control" onClick={() => onStateChange("closed")} aria-label="Close the Service Assistant">
          <span aria-hidden="true">×</span>
        </button>
      </div>

      <div className="sales-window-body" hidden={minimised}>
        {formOpen ? (
          <div className="sales-contact-scroll">
            <ContactForm
              draft={contactDraft}
              onDraftChange={setContactDraft}
              errors={contactErrors}
              busy={chat.busy}
              onSubmit={(info) => void submitContact(info)}
              onSkip={() => {
                setFormOpen(false);
                setFocusAfterForm("share");
              }}
            />
          </div>
        ) : (
          <>
            {/* A scrolling region: focusable so the keyboard can scroll it. */}
            {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
            <div className="sales-log" ref={logRef} role="region" aria-label="Conversation with the Service Assistant" tabIndex={0}>
              <ol className="sales-messages">
                <li className="sales-message sales-message-assistant">
                  <p className="sales-message-author">{AUTHORS.assistant}</p>
                  <div className="sales-message-body">
                    <p>{SALES_CHAT_WELCOME}</p>
                  </div>
                </li>
                {chat.messages.map((message) => (
                  <Message key={message.id} message={message} />
                ))}
              </ol>
              {!started ? (
                <div className="sales-suggestions" role="group" aria-labelledby={suggestionsId}>
                  <p className="sales-suggestions-title" id={suggestionsId}>
                    Suggested questions
                  </p>
                  <ul>
                    {SUGGESTED_QUESTIONS.map((question) => (
                      <li key={question}>
                        <button type="button" className="sales-suggestion" onClick={() => ask(question)} disabled={chat.busy}>
                          {question}
                        </button>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              {chat.thinking ? (
                <p className="coach-thinking sales-thinking">
                  <span className="coach-thinking-dots" aria-hidden="true" />
                  Thinking…
                </p>
              ) : null}
            </div>

            {offerContact || started || chat.contactInfo ? (
              <div className="sales-actions">
                {offerContact ? (
                  <button ref={shareRef} type="button" className="button button-secondary button-small sales-share" onClick={openForm}>
                    Share your details
                  </button>
                ) : null}
                <button type="button" className="link-button sales-new" onClick={startNew}>
                  Start new conversation
                </button>
              </div>
            ) : null}

            <form
              className="sales-compose"
              onSubmit={(event) => {
                event.preventDefault();
                submit();
              }}
            >
              <label htmlFor={inputId} className="visually-hidden">
                Message the Service Assistant
              </label>
              <textarea
                id={inputId}
                ref={inputRef}
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                onKeyDown={onKeyDown}
                placeholder="Ask about coaching, prices or ClarityAI…"
                rows={2}
                maxLength={SALES_CHAT_LIMITS.messageLength}
                aria-describedby={remaining <= COUNTER_FROM ? `${inputId}-hint ${inputId}-counter` : `${inputId}-hint`}
              />
              <button type="submit" className="button button-primary button-small sales-send" disabled={chat.busy || !draft.trim()}>
                Send
              </button>
              <p className="visually-hidden" id={`${inputId}-hint`}>
                Enter sends; Shift+Enter starts a new line.
              </p>
              {remaining <= COUNTER_FROM ? (
                <p className="sales-counter" id={`${inputId}-counter`} data-at-limit={remaining === 0 || undefined}>
                  {remaining === 1 ? "1 character left" : `${remaining} characters left`}
                </p>
              ) : null}
            </form>
          </>
        )}
      </div>

      <p className="visually-hidden" role="status">
        {chat.thinking ? "The Service Assistant is thinking." : chat.announcement}
      </p>
    </div>
  );
}

const Message = memo(function Message({ message }: { message: ChatMessage }) {
  return (
    <li className={`sales-message sales-message-${message.role}`} data-streaming={message.streaming || undefined}>
      <p className="sales-message-author">{AUTHORS[message.role]}</p>
      <div className="sales-message-body">
        {message.role === "user" ? <p className="sales-message-text">{message.content}</p> : <Markdown text={message.content} streaming={message.streaming} />}
      </div>
    </li>
  );
});

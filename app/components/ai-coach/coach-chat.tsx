import { memo, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useNavigate } from "@remix-run/react";
import {
  CHAT_MAX_MESSAGE_LENGTH,
  MESSAGE_AUTHORS,
  type EscalationStatus,
  type PromptPacks,
  type StoredChatMessage,
  type UsageMeter,
} from "~/ai-coach/chat-types";
import { usageResetText } from "~/ai-coach/usage-text";
import { formatTime } from "~/booking/time-zones";
import { useViewerTimeZone } from "~/components/use-viewer-time-zone";
import { useToast } from "~/components/toast/toaster";
import { deleteConversation } from "./chat-api";
import { ClearDialog, subjectOf } from "./clear-dialog";
import { Markdown } from "./markdown";
import { chatErrorToast, type UseCoachChat } from "./use-coach-chat";

// The AI assistant chat (SPEC §2 "AI assistant panel"), shared by the profile tab and the floating
// window: welcome text and quick start prompts until the conversation starts, the messages (the
// coach's as safe Markdown), "Thinking..." until the first words arrive, a Stop button while the
// reply streams, and the composer (Enter sends, Shift+Enter starts a new line).

const ESCALATION_LABELS: Record<EscalationStatus["status"], string> = {
  open: "Expert review requested",
  assigned: "An expert is reviewing this",
  resolved: "Expert review complete",
};

export type CoachChatProps = {
  chat: UseCoachChat;
  tier: "lite" | "pro";
  promptPacks: PromptPacks | null;
  /** Pro: expert reviews used and allowed this month. */
  escalations?: { used: number; limit: number } | null;
  /** The floating window: a tighter layout. */
  compact?: boolean;
  /** Today's meter as last checked, until the chat has a newer one. */
  usage?: UsageMeter | null;
  /** After Clear has deleted the open conversation (the list beside the chat drops it). */
  onDeleted?: (conversationId: string) => void;
};

export function CoachChat({ chat, tier, promptPacks, escalations, compact = false, usage: checkedUsage = null, onDeleted }: CoachChatProps) {
  const [draft, setDraft] = useState("");
  const [clearing, setClearing] = useState<"asking" | "deleting" | null>(null);
  const { toast } = useToast();
  const [picked, setPicked] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const clearRef = useRef<HTMLButtonElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const inputId = useId();
  const noteId = useId();
  const started = chat.messages.length > 0;
  const pro = tier === "pro";
  const lastUser = chat.messages.filter((message) => message.role === "user").at(-1);
  const lastUserEscalated = Boolean(lastUser?.escalationId);
  const usage = chat.usage ?? checkedUsage;

  // Words typed before the page finished loading are in the box but not yet in the draft (React
  // adopts the box's value without an input event): take them up, so Send works for them.
  useEffect(() => {
    const typed = inputRef.current?.value;
    if (typed) setDraft((current) => current || typed);
  }, []);

  // Keep the newest words in view while a reply streams, unless the reader has scrolled up.
  const lastContent = chat.messages.at(-1)?.content.length ?? 0;
  useEffect(() => {
    const log = logRef.current;
    if (!log) return;
    const nearBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 120;
    if (nearBottom || !chat.streaming) log.scrollTop = log.scrollHeight;
  }, [chat.messages.length, lastContent, chat.streaming, chat.waitingForFirstToken]);

  async function submit() {
    const text = draft;
    if (!text.trim() || chat.busy) return;
    setDraft("");
    setPicked(true);
    const sent = await chat.send(text);
    // Not sent (refused or failed): the text comes back so nothing typed is lost.
    if (!sent) setDraft((current) => current || text);
    inputRef.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  function pick(prompt: string) {
    setPicked(true);
    setDraft(prompt);
    requestAnimationFrame(() => {
      const input = inputRef.current;
      if (!input) return;
      input.focus();
      input.setSelectionRange(prompt.length, prompt.length);
    });
  }

  function resetChat() {
    chat.reset();
    setPicked(false);
    setDraft("");
    inputRef.current?.focus();
  }

  // Clear deletes the conversation, after asking; with only a draft typed, it just empties the box.
  function askClear() {
    if (started) setClearing("asking");
    else resetChat();
  }

  async function confirmClear() {
    const id = chat.conversationId;
    setClearing("deleting");
    if (id) {
      try {
        await deleteConversation(id);
      } catch (error) {
        setClearing("asking");
        toast(chatErrorToast(error));
        return;
      }
      onDeleted?.(id);
    }
    setClearing(null);
    resetChat();
    toast({ title: "Conversation deleted" });
  }

  // Links to this site's pages open inside the app, keeping the conversation (and the floating window) open.
  useEffect(() => {
    const log = logRef.current!;
    function onClick(event: MouseEvent) {
      const link = (event.target as HTMLElement).closest<HTMLAnchorElement>("a[data-internal]");
      if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigate(link.getAttribute("href")!);
    }
    log.addEventListener("click", onClick);
    return () => log.removeEventListener("click", onClick);
  }, [navigate]);

  const quickPrompts = promptPacks ? Object.entries(promptPacks).map(([category, templates]) => [category, templates.slice(0, 2)] as const) : [];

  return (
    <div className={compact ? "coach-chat coach-chat-compact" : "coach-chat"}>
      <div className="coach-toolbar">
        <div className="coach-toolbar-actions">
          <button type="button" className="button button-secondary button-small" onClick={resetChat}>
            New Chat
          </button>
          <button
            ref={clearRef}
            type="button"
            className="button button-secondary button-small"
            onClick={askClear}
            disabled={(!started && !draft) || chat.busy}
            aria-haspopup="dialog"
          >
            Clear
          </button>
          {pro && started ? (
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={() => void chat.askExpert()}
              disabled={chat.busy || !chat.conversationId || lastUserEscalated || (escalations ? escalations.used >= escalations.limit : false)}
              aria-describedby={noteId}
            >
              Ask an expert
            </button>
          ) : null}
        </div>
      </div>

      {/* A scrolling region: focusable so the keyboard can scroll it. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="coach-log" ref={logRef} aria-label="Conversation with ClarityAI" role="region" tabIndex={0} aria-busy={chat.busy}>
        {!started ? (
          <div className="coach-welcome">
            <p className="coach-welcome-title">G’day! I’m ClarityAI, your 24/7 business coach.</p>
            <p>Ask me about strategy, cash flow, operations, marketing or your team, and I’ll give you practical next steps for your business.</p>
            {!picked && quickPrompts.length ? (
              <div className="coach-quick">
                <p className="coach-quick-title" id={`${inputId}-quick`}>
                  Quick Start Prompts
                </p>
                <div className="coach-quick-groups" role="group" aria-labelledby={`${inputId}-quick`}>
                  {quickPrompts.map(([category, templates]) => (
                    <div key={category} className="coach-quick-group">
                      <p className="coach-quick-category">{category}</p>
                      {templates.map((template) => (
                        <button key={template.id} type="button" className="coach-quick-prompt" onClick={() => pick(template.prompt_template)}>
                          <span className="coach-quick-prompt-title">{template.title}</span>
                          <span className="coach-quick-prompt-description">{template.description}</span>
                        </button>
                      ))}
                    </div>
                  ))}
                </div>
              </div>
            ) : null}
          </div>
        ) : (
          <ol className="coach-messages">
            {chat.messages.map((message) =>
              message.role === "assistant" && message.status === "streaming" && message.content === "" ? null : (
                <ChatMessage
                  key={message.id}
                  message={message}
                  escalation={chat.escalations.find((e) => e.id === message.escalationId || e.messageId === message.id)}
                />
              ),
            )}
          </ol>
        )}
        {chat.waitingForFirstToken ? (
          <p className="coach-thinking">
            <span className="coach-thinking-dots" aria-hidden="true" />
            Thinking...
          </p>
        ) : null}
      </div>

      <p className="visually-hidden" role="status" aria-live="polite">
        {chat.waitingForFirstToken ? "ClarityAI is thinking." : chat.streaming ? "ClarityAI is replying." : ""}
      </p>

      {chat.limitNotice ? (
        <p className="coach-limit" role="status">
          {chat.limitNotice}
        </p>
      ) : null}

      <form
        className="coach-compose"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          Message ClarityAI
        </label>
        <textarea
          id={inputId}
          ref={inputRef}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Ask me anything about your business..."
          rows={compact ? 2 : 3}
          maxLength={CHAT_MAX_MESSAGE_LENGTH}
          aria-describedby={`${inputId}-hint`}
        />
        <p className="coach-compose-hint" id={`${inputId}-hint`}>
          Enter sends; Shift+Enter starts a new line. General information, not financial, legal or tax advice.
        </p>
        <div className="coach-compose-actions">
          {chat.streaming && chat.conversationId ? (
            <button type="button" className="button button-secondary button-small" onClick={() => void chat.stop()} disabled={chat.stopping}>
              {chat.stopping ? "Stopping…" : "Stop"}
            </button>
          ) : null}
          <button type="submit" className="button button-primary button-small" disabled={chat.busy || !draft.trim()}>
            Send
          </button>
        </div>
      </form>
      {/* Usage and the plan's extras come after the conversation and the message box. */}
      {usage || pro ? (
        <div className="coach-footer">
          {usage ? <UsageMeterView usage={usage} /> : null}
          {pro ? (
            <p className="coach-pro-note" id={noteId}>
              Pro: complex queries can be escalated to human experts.
              {escalations ? ` ${Math.max(0, escalations.limit - escalations.used)} of ${escalations.limit} expert reviews left this month.` : ""}
            </p>
          ) : null}
        </div>
      ) : null}
      {clearing ? (
        <ClearDialog
          subject={subjectOf(chat.messages.find((message) => message.role === "user")?.content ?? "")}
          messageCount={chat.messages.length}
          saved={Boolean(chat.conversationId)}
          working={clearing === "deleting"}
          onConfirm={() => void confirmClear()}
          onCancel={() => {
            setClearing(null);
            // Once the dialog has closed (focus can't leave a modal dialog while it is open).
            requestAnimationFrame(() => clearRef.current?.focus());
          }}
        />
      ) : null}
    </div>
  );
}

const ChatMessage = memo(function ChatMessage({ message, escalation }: { message: StoredChatMessage; escalation?: EscalationStatus }) {
  const zone = useViewerTimeZone();
  const valid = !Number.isNaN(Date.parse(message.timestamp));
  return (
    <li className={`coach-message coach-message-${message.role}`} data-status={message.status}>
      <p className="coach-message-meta">
        <span className="coach-message-author">{MESSAGE_AUTHORS[message.role]}</span>
        {message.offline ? <span className="coach-badge coach-badge-offline">Offline coach</span> : null}
        {message.status === "stopped" ? <span className="coach-badge">Stopped</span> : null}
        {message.status === "failed" ? <span className="coach-badge coach-badge-failed">Reply not finished</span> : null}
        {valid ? <time dateTime={message.timestamp}>{formatTime(message.timestamp, zone)}</time> : null}
      </p>
      <div className="coach-message-body">
        {message.role === "user" ? (
          <p className="coach-message-text">{message.content}</p>
        ) : (
          <Markdown text={message.content} streaming={message.status === "streaming"} />
        )}
      </div>
      {message.role === "user" && escalation ? <p className="coach-escalation">{ESCALATION_LABELS[escalation.status]}</p> : null}
    </li>
  );
});

function UsageMeterView({ usage }: { usage: UsageMeter }) {
  const zone = useViewerTimeZone();
  const left = Math.max(0, usage.limit - usage.used);
  return (
    <div className="coach-usage">
      <label className="coach-usage-label">
        <span>
          {usage.used} of {usage.limit} messages today
        </span>
        <meter
          min={0}
          max={usage.limit}
          value={Math.min(usage.used, usage.limit)}
          low={Math.floor(usage.limit * 0.75)}
          high={Math.floor(usage.limit * 0.9)}
          optimum={0}
        >
          {left} left
        </meter>
      </label>
      {Number.isNaN(Date.parse(usage.resetsAt)) ? null : <p className="coach-usage-reset">Resets at {usageResetText(usage.resetsAt, zone)}</p>}
    </div>
  );
}

import { Link } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent, type RefObject } from "react";
import type { AiCoachStatus, PromptPacks } from "~/ai-coach/chat-types";
import { TIER_NAMES } from "~/billing/plans";
import { fetchPromptPacks, fetchStatus } from "./chat-api";
import { CoachChat } from "./coach-chat";
import { useCoachChat } from "./use-coach-chat";
import { WIDGET_STORAGE_KEY, type AiCoachFlag, type WidgetState } from "./widget-state";

// The floating window (loaded on first open). Subscribers get the chat, 600 px high, resizable from
// its top-left corner (pointer or arrow keys) and minimisable to a bar; everyone else gets the
// plans prompt. Escape minimises the chat (or closes the prompt); focus moves with each change.

type Props = { flag: AiCoachFlag; state: WidgetState; onStateChange: (state: WidgetState) => void };

const MIN_WIDTH = 320;
const MIN_HEIGHT = 360;
const STEP = 24;

type Saved = { state?: WidgetState; conversationId?: string | null; width?: number; height?: number };

function readSaved(): Saved {
  try {
    return (JSON.parse(sessionStorage.getItem(WIDGET_STORAGE_KEY) ?? "null") as Saved | null) ?? {};
  } catch {
    return {};
  }
}

function save(patch: Saved) {
  try {
    sessionStorage.setItem(WIDGET_STORAGE_KEY, JSON.stringify({ ...readSaved(), ...patch }));
  } catch {
    // Not remembered across reloads; nothing else changes.
  }
}

export default function CoachWindow({ flag, state, onStateChange }: Props) {
  // Each check replaces the state; a failed one keeps what we had (SPEC §4, §8).
  const [status, setStatus] = useState<Pick<AiCoachStatus, "hasActiveSubscription" | "tier"> & Partial<AiCoachStatus>>(flag);
  useEffect(() => {
    let live = true;
    fetchStatus().then(
      (next) => live && setStatus(next),
      (error: unknown) => console.warn("ClarityAI status check failed", error instanceof Error ? error.message : error),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => save({ state }), [state]);

  if (!status.hasActiveSubscription || !status.tier) return <PlansPrompt onClose={() => onStateChange("closed")} />;
  return <ChatWindow tier={status.tier} status={status} state={state} onStateChange={onStateChange} />;
}

/** Escape inside the window: `onEscape` (a listener on the element; dialogs take no JSX key handlers). */
function useEscape(ref: RefObject<HTMLElement | null>, onEscape: () => void) {
  const latest = useRef(onEscape);
  useEffect(() => {
    latest.current = onEscape;
  });
  useEffect(() => {
    const element = ref.current!;
    function onKeyDown(event: globalThis.KeyboardEvent) {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      event.preventDefault();
      latest.current();
    }
    element.addEventListener("keydown", onKeyDown);
    return () => element.removeEventListener("keydown", onKeyDown);
  }, [ref]);
}

function PlansPrompt({ onClose }: { onClose: () => void }) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const firstRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => firstRef.current?.focus(), []);
  useEscape(dialogRef, onClose);
  return (
    <div ref={dialogRef} className="coach-window coach-window-prompt" role="dialog" aria-labelledby={titleId}>
      <div className="coach-window-bar">
        <h2 className="coach-window-title" id={titleId}>
          ClarityAI
        </h2>
        <button type="button" className="coach-window-control" onClick={onClose} aria-label="Close">
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="coach-window-prompt-body">
        <p>
          <strong>ClarityAI is our 24/7 AI business coach.</strong> Subscribe to Lite or Pro to ask it anything about your business, any time.
        </p>
        <div className="button-row">
          <Link ref={firstRef} to="/services#clarityai" className="button button-primary button-small" onClick={onClose}>
            View Plans
          </Link>
          <Link to="/profile?tab=ai-assistant" className="button button-secondary button-small" onClick={onClose}>
            Learn More
          </Link>
        </div>
      </div>
    </div>
  );
}

function ChatWindow({
  tier,
  status,
  state,
  onStateChange,
}: {
  tier: "lite" | "pro";
  status: Partial<AiCoachStatus>;
  state: WidgetState;
  onStateChange: (state: WidgetState) => void;
}) {
  const titleId = useId();
  const windowRef = useRef<HTMLDivElement>(null);
  const restoreRef = useRef<HTMLButtonElement>(null);
  const [saved] = useState(readSaved);
  const chat = useCoachChat();
  const [promptPacks, setPromptPacks] = useState<PromptPacks | null>(null);
  const minimised = state === "minimised";

  // The conversation this tab had open comes back (and a reply still being written continues).
  const { open, conversationId } = chat;
  useEffect(() => {
    if (saved.conversationId) void open(saved.conversationId);
  }, [open, saved.conversationId]);
  useEffect(() => save({ conversationId }), [conversationId]);

  useEffect(() => {
    fetchPromptPacks().then(
      setPromptPacks,
      // SPEC §8: logged only; the chat works without quick prompts.
      (error: unknown) => console.warn("ClarityAI prompt packs failed to load", error instanceof Error ? error.message : error),
    );
  }, []);

  // The window's size: 600 px high by default, remembered for this tab.
  useEffect(() => {
    const element = windowRef.current;
    if (!element) return;
    if (saved.width) element.style.setProperty("--coach-window-width", `${saved.width}px`);
    if (saved.height) element.style.setProperty("--coach-window-height", `${saved.height}px`);
  }, [saved]);

  // On a phone the window fills the screen: it follows the visual viewport, so the message box and
  // Send stay above the on-screen keyboard (which shrinks the visual viewport, not the layout one).
  useEffect(() => {
    const viewport = window.visualViewport;
    const element = windowRef.current;
    if (!viewport || !element) return;
    const fit = () => {
      element.style.setProperty("--coach-viewport-height", `${Math.round(viewport.height)}px`);
      element.style.setProperty("--coach-viewport-top", `${Math.round(viewport.offsetTop)}px`);
    };
    fit();
    viewport.addEventListener("resize", fit);
    viewport.addEventListener("scroll", fit);
    return () => {
      viewport.removeEventListener("resize", fit);
      viewport.removeEventListener("scroll", fit);
    };
  }, []);

  // Focus follows the state: into the message box when opened, to Restore when minimised.
  useEffect(() => {
    if (minimised) restoreRef.current?.focus();
    else windowRef.current?.querySelector<HTMLTextAreaElement>("textarea")?.focus();
  }, [minimised]);

  function resizeTo(width: number, height: number) {
    const element = windowRef.current!;
    const w = Math.round(Math.min(Math.max(width, MIN_WIDTH), window.innerWidth - 16));
    const h = Math.round(Math.min(Math.max(height, MIN_HEIGHT), window.innerHeight - 16));
    element.style.setProperty("--coach-window-width", `${w}px`);
    element.style.setProperty("--coach-window-height", `${h}px`);
    save({ width: w, height: h });
  }

  const drag = useRef<{ x: number; y: number; width: number; height: number } | null>(null);
  function onGripDown(event: PointerEvent<HTMLButtonElement>) {
    const box = windowRef.current!.getBoundingClientRect();
    drag.current = { x: event.clientX, y: event.clientY, width: box.width, height: box.height };
    event.currentTarget.setPointerCapture(event.pointerId);
  }
  function onGripMove(event: PointerEvent<HTMLButtonElement>) {
    const start = drag.current;
    // Anchored bottom-right: dragging the top-left corner up and left makes the window bigger.
    if (start) resizeTo(start.width + start.x - event.clientX, start.height + start.y - event.clientY);
  }
  function onGripKey(event: KeyboardEvent<HTMLButtonElement>) {
    const box = windowRef.current!.getBoundingClientRect();
    const change: Record<string, [number, number]> = { ArrowLeft: [STEP, 0], ArrowRight: [-STEP, 0], ArrowUp: [0, STEP], ArrowDown: [0, -STEP] };
    const delta = change[event.key];
    if (!delta) return;
    event.preventDefault();
    resizeTo(box.width + delta[0], box.height + delta[1]);
  }

  useEscape(windowRef, () => {
    if (!minimised) onStateChange("minimised");
  });

  return (
    <div ref={windowRef} className="coach-window" data-state={state} role="dialog" aria-labelledby={titleId}>
      <div className="coach-window-bar">
        {!minimised ? (
          <button
            type="button"
            className="coach-window-grip"
            aria-label="Resize the chat window (arrow keys)"
            title="Drag to resize"
            onPointerDown={onGripDown}
            onPointerMove={onGripMove}
            onPointerUp={() => (drag.current = null)}
            onPointerCancel={() => (drag.current = null)}
            onKeyDown={onGripKey}
          >
            <span aria-hidden="true" />
          </button>
        ) : null}
        <h2 className="coach-window-title" id={titleId}>
          ClarityAI <span className="coach-tier">{TIER_NAMES[tier].replace("ClarityAI ", "")}</span>
          {minimised && chat.streaming ? <span className="coach-window-activity"> · replying…</span> : null}
        </h2>
        {!minimised ? (
          <Link
            to={`/profile?tab=ai-assistant${conversationId ? `&c=${encodeURIComponent(conversationId)}` : ""}`}
            className="coach-window-control"
            aria-label="Open the chat full page"
            title="Open full page"
            onClick={() => onStateChange("closed")}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
                d="M14 4h6v6M20 4l-8 8M10 6H5a1 1 0 0 0-1 1v12a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-5"
              />
            </svg>
          </Link>
        ) : null}
        {minimised ? (
          <button ref={restoreRef} type="button" className="coach-window-control" onClick={() => onStateChange("open")} aria-label="Restore the chat window">
            <span aria-hidden="true">▴</span>
          </button>
        ) : (
          <button type="button" className="coach-window-control" onClick={() => onStateChange("minimised")} aria-label="Minimise the chat window">
            <span aria-hidden="true">▾</span>
          </button>
        )}
        <button type="button" className="coach-window-control" onClick={() => onStateChange("closed")} aria-label="Close the chat window">
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <div className="coach-window-body" hidden={minimised}>
        <p className="coach-privacy">Conversations are deleted automatically after 3 months.</p>
        <CoachChat chat={chat} tier={tier} promptPacks={promptPacks} escalations={status.escalations ?? null} usage={status.usage ?? null} compact />
      </div>
    </div>
  );
}

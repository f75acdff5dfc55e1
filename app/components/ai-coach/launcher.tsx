import { useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { WIDGET_STORAGE_KEY, type AiCoachFlag, type WidgetState } from "./widget-state";

// The floating AI coach button (SPEC §2, widget 1), for signed-in people only. This module is small
// and loaded by the root layout on its own; the chat window's code (coach-window.tsx and the chat
// with it) is fetched only when the button is first pressed.

const CoachWindow = lazy(() => import("./coach-window"));

type Props = {
  flag: AiCoachFlag;
  /** False when the one chat menu (floating-widgets.tsx) offers this chat instead of its own button. */
  button?: boolean;
  /** Counts requests from that menu to open (or restore) the window. */
  openRequest?: number;
  /** The window's state, for the menu (shown while no window is open). */
  onStateChange?: (state: WidgetState) => void;
};

export default function AiCoachLauncher({ flag, button = true, openRequest = 0, onStateChange }: Props) {
  const [state, setState] = useState<WidgetState>("closed");
  const buttonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const { pathname, search } = useLocation();

  useEffect(() => {
    try {
      const saved = JSON.parse(sessionStorage.getItem(WIDGET_STORAGE_KEY) ?? "null") as { state?: WidgetState } | null;
      // Browser storage exists only after hydration, so the server's "closed" is corrected here.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      if (saved?.state === "open" || saved?.state === "minimised") setState(saved.state);
    } catch {
      // Storage unavailable (private mode, blocked): the window simply starts closed.
    }
  }, []);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the menu asked for the window
    if (openRequest > 0) setState("open");
  }, [openRequest]);

  useEffect(() => onStateChange?.(state), [state, onStateChange]);

  useEffect(() => {
    if (state === "closed" && returnFocus.current) {
      returnFocus.current = false;
      buttonRef.current?.focus();
    }
  }, [state]);

  function change(next: WidgetState) {
    if (next === "closed") {
      returnFocus.current = true;
      // The window (which remembers its state for this tab) is gone once closed: remember "closed" here,
      // or the next page would open it again.
      try {
        const saved = JSON.parse(sessionStorage.getItem(WIDGET_STORAGE_KEY) ?? "null") as Record<string, unknown> | null;
        sessionStorage.setItem(WIDGET_STORAGE_KEY, JSON.stringify({ ...saved, state: "closed" }));
      } catch {
        // Storage unavailable: nothing was remembered either.
      }
    }
    setState(next);
  }

  // The AI assistant tab is the same chat, full size: the button would only repeat it there.
  const onAssistantTab = pathname === "/profile" && new URLSearchParams(search).get("tab") === "ai-assistant";
  if (state === "closed") {
    return onAssistantTab || !button ? null : (
      <button ref={buttonRef} type="button" className="coach-fab" aria-haspopup="dialog" aria-expanded="false" onClick={() => change("open")}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-4.5 3.6A.9.9 0 0 1 3 20.9V6a2 2 0 0 1 1-2Zm3 5.5a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Z"
          />
        </svg>
        <span>Ask ClarityAI</span>
      </button>
    );
  }
  return (
    <Suspense
      fallback={
        <p className="coach-window coach-window-loading" role="status">
          Opening ClarityAI…
        </p>
      }
    >
      <CoachWindow flag={flag} state={state} onStateChange={change} />
    </Suspense>
  );
}

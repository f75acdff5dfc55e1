import { useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { WIDGET_STORAGE_KEY, type AiCoachFlag, type WidgetState } from "./widget-state";

// The floating AI coach button (SPEC §2, widget 1), for signed-in people only. This module is small
// and loaded by the root layout on its own; the chat window's code (coach-window.tsx and the chat
// with it) is fetched only when the button is first pressed.

const CoachWindow = lazy(() => import("./coach-window"));

export default function AiCoachLauncher({ flag }: { flag: AiCoachFlag }) {
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
    if (state === "closed" && returnFocus.current) {
      returnFocus.current = false;
      buttonRef.current?.focus();
    }
  }, [state]);

  function change(next: WidgetState) {
    if (next === "closed") returnFocus.current = true;
    setState(next);
  }

  // The AI assistant tab is the same chat, full size: the button would only repeat it there.
  const onAssistantTab = pathname === "/profile" && new URLSearchParams(search).get("tab") === "ai-assistant";
  if (state === "closed") {
    return onAssistantTab ? null : (
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

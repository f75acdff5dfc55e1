import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { SalesWidgetState } from "./storage";

// The Service Assistant's floating button (SPEC §2, widget 2), for everyone. Small on purpose: the
// chat window's code is fetched the first time the button is pressed (or when this tab had the
// window open before a reload), and stays loaded afterwards so a reply keeps streaming while the
// window is closed.

const SalesWindow = lazy(() => import("./sales-window"));

/**
 * The window's state this tab saved (storage.ts's SALES_CHAT_STORAGE_KEY, repeated here so this module
 * shares no code with the window's: the window saves the state, this only reads it on arrival).
 */
function savedState(): unknown {
  try {
    return (JSON.parse(sessionStorage.getItem("clarityai:sales-chat") ?? "null") as { state?: unknown } | null)?.state;
  } catch {
    return undefined;
  }
}

type Props = {
  /** False when the one chat menu (floating-widgets.tsx) offers this chat instead of its own button. */
  button?: boolean;
  /** Counts requests from that menu to open (or restore) the window. */
  openRequest?: number;
  /** The window's state, for the menu (shown while no window is open). */
  onStateChange?: (state: SalesWidgetState) => void;
};

export function SalesChatLauncher({ button = true, openRequest = 0, onStateChange }: Props = {}) {
  const [state, setState] = useState<SalesWidgetState>("closed");
  /** The window's code has been asked for: it stays mounted from then on. */
  const [loaded, setLoaded] = useState(false);
  /** Counts the visitor's own opens and restores; the window moves focus in on each (not on a reload). */
  const [focusRequest, setFocusRequest] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    const saved = savedState();
    // Browser storage exists only after hydration, so the server's "closed" is corrected here.
    if (saved === "open" || saved === "minimised") {
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setState(saved);
      setLoaded(true);
    }
  }, []);

  useEffect(() => {
    if (openRequest === 0) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the menu asked for the window
    setState("open");
    setLoaded(true);
    setFocusRequest((count) => count + 1);
  }, [openRequest]);

  useEffect(() => onStateChange?.(state), [state, onStateChange]);

  useEffect(() => {
    if (state === "closed" && returnFocus.current) {
      returnFocus.current = false;
      buttonRef.current?.focus();
    }
  }, [state]);

  function change(next: SalesWidgetState) {
    if (next === "closed") returnFocus.current = true;
    else {
      setLoaded(true);
      setFocusRequest((count) => count + 1);
    }
    setState(next);
  }

  return (
    <>
      {state === "closed" && button ? (
        <button ref={buttonRef} type="button" className="sales-fab" aria-haspopup="dialog" aria-expanded="false" onClick={() => change("open")}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M12 3C6.5 3 2 6.8 2 11.5c0 2.4 1.2 4.6 3.1 6.1L4.3 21a.6.6 0 0 0 .9.7l3.9-2.2c.9.2 1.9.3 2.9.3 5.5 0 10-3.8 10-8.5S17.5 3 12 3Zm-4.5 7.3h9a1 1 0 1 1 0 2h-9a1 1 0 1 1 0-2Zm0-3.3h6a1 1 0 1 1 0 2h-6a1 1 0 1 1 0-2Z"
            />
          </svg>
          <span className="sales-fab-label">Chat with us</span>
        </button>
      ) : null}
      {loaded ? (
        <Suspense
          fallback={
            state === "closed" ? null : (
              <p className="sales-window sales-window-loading" role="status">
                Opening the Service Assistant…
              </p>
            )
          }
        >
          <SalesWindow state={state} focusRequest={focusRequest} onStateChange={change} />
        </Suspense>
      ) : null}
    </>
  );
}

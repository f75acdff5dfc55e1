import { useLocation } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import type { AiCoachFlag, WidgetState } from "~/components/ai-coach/widget-state";
import { SalesChatLauncher } from "~/components/sales-chat/sales-launcher";

// The floating chat at the bottom right (SPEC §2): the AI coach for signed-in people, the Service
// Assistant for everyone. A visitor gets the Service Assistant's button; a signed-in person gets ONE
// "Chat" button whose menu offers both ("Ask ClarityAI", "Chat with us"), so two bubbles never sit
// side by side over the page. The root layout loads this module on its own, after the page's first
// load, and renders it only once the page has hydrated: the buttons never appear before they can
// respond. The button sits above the phone booking bar; notifications sit at the top of a phone's
// screen (never over the button or the page's last controls) and at the bottom right on wide ones,
// where the button steps up above a notification while it shows.

const AiCoachLauncher = lazy(() => import("~/components/ai-coach/launcher"));

/** `launchers` false leaves the buttons out (a meeting's room has its own controls where they would sit). */
export default function FloatingWidgets({ aiCoach, launchers = true }: { aiCoach?: AiCoachFlag | null; launchers?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useRoomForNotifications(ref);
  if (!launchers) return <div ref={ref} className="floating-widgets" />;
  return (
    <div ref={ref} className="floating-widgets">
      {aiCoach ? <SignedInChats flag={aiCoach} /> : <SalesChatLauncher />}
    </div>
  );
}

/** Both chats behind one button: its menu opens either window; the button shows while neither window is open. */
function SignedInChats({ flag }: { flag: AiCoachFlag }) {
  const { pathname, search } = useLocation();
  const [coachState, setCoachState] = useState<WidgetState>("closed");
  const [salesState, setSalesState] = useState<WidgetState>("closed");
  const [coachRequest, setCoachRequest] = useState(0);
  const [salesRequest, setSalesRequest] = useState(0);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const anyOpen = coachState === "open" || salesState === "open";

  // A window closed from inside: focus comes back to the button that opened it.
  const onCoachState = useCallback((state: WidgetState) => {
    setCoachState((previous) => {
      if (previous !== "closed" && state === "closed") returnFocus.current = true;
      return state;
    });
  }, []);
  const onSalesState = useCallback((state: WidgetState) => {
    setSalesState((previous) => {
      if (previous !== "closed" && state === "closed") returnFocus.current = true;
      return state;
    });
  }, []);
  useEffect(() => {
    if (anyOpen || !returnFocus.current) return;
    returnFocus.current = false;
    // Only when focus was left with nowhere to be (the window that had it has gone).
    if (document.activeElement === document.body || document.activeElement === null) menuButtonRef.current?.focus();
  }, [anyOpen, coachState, salesState]);

  // The AI assistant tab is the coach's chat, full size: there the button offers the Service Assistant only.
  const onAssistantTab = pathname === "/profile" && new URLSearchParams(search).get("tab") === "ai-assistant";
  if (onAssistantTab) return <SalesChatLauncher />;

  return (
    <>
      <Suspense>
        <AiCoachLauncher flag={flag} button={false} openRequest={coachRequest} onStateChange={onCoachState} />
      </Suspense>
      <SalesChatLauncher button={false} openRequest={salesRequest} onStateChange={onSalesState} />
      {anyOpen ? null : (
        <ChatMenu
          buttonRef={menuButtonRef}
          onAskCoach={() => setCoachRequest((count) => count + 1)}
          onChatWithUs={() => setSalesRequest((count) => count + 1)}
        />
      )}
    </>
  );
}

/**
 * A menu button (WAI-ARIA APG "menu button"): Enter, Space or ArrowDown open the menu on its first
 * item, ArrowUp on its last; arrows move, Home and End jump, Escape closes it and returns to the
 * button, Tab or a click elsewhere closes it.
 */
function ChatMenu({ buttonRef, onAskCoach, onChatWithUs }: { buttonRef: RefObject<HTMLButtonElement>; onAskCoach: () => void; onChatWithUs: () => void }) {
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const firstFocus = useRef<"first" | "last">("first");
  const menuId = useId();
  const buttonId = useId();

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const list = items();
    (firstFocus.current === "first" ? list[0] : list.at(-1))?.focus();
    function onPointerDown(event: PointerEvent) {
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  function openMenu(at: "first" | "last") {
    firstFocus.current = at;
    setOpen(true);
  }

  function close(focusButton: boolean) {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  }

  function onButtonKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openMenu(event.key === "ArrowDown" ? "first" : "last");
    }
  }

  function onMenuKey(event: KeyboardEvent<HTMLDivElement>) {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    const move: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: list.length - 1 };
    if (event.key in move) {
      event.preventDefault();
      list[(move[event.key]! + list.length) % list.length]?.focus();
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === "Tab") {
      setOpen(false);
    }
  }

  function pick(choice: () => void) {
    setOpen(false);
    choice();
  }

  return (
    <div ref={wrapRef} className="chat-launcher">
      {open ? (
        // eslint-disable-next-line jsx-a11y/interactive-supports-focus -- focus sits on its items (roving focus)
        <div ref={menuRef} id={menuId} className="chat-menu" role="menu" aria-labelledby={buttonId} onKeyDown={onMenuKey}>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="chat-menu-item chat-menu-coach"
            onClick={() => pick(onAskCoach)}
            aria-describedby={`${menuId}-coach`}
          >
            <span className="chat-menu-name">Ask ClarityAI</span>
            <span className="chat-menu-note" id={`${menuId}-coach`}>
              Your 24/7 AI business coach
            </span>
          </button>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="chat-menu-item chat-menu-sales"
            onClick={() => pick(onChatWithUs)}
            aria-describedby={`${menuId}-sales`}
          >
            <span className="chat-menu-name">Chat with us</span>
            <span className="chat-menu-note" id={`${menuId}-sales`}>
              Questions about our coaching and bookings
            </span>
          </button>
        </div>
      ) : null}
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="chat-fab"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openMenu("first"))}
        onKeyDown={onButtonKey}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M12 3C6.5 3 2 6.8 2 11.5c0 2.4 1.2 4.6 3.1 6.1L4.3 21a.6.6 0 0 0 .9.7l3.9-2.2c.9.2 1.9.3 2.9.3 5.5 0 10-3.8 10-8.5S17.5 3 12 3Zm-4.5 7.3h9a1 1 0 1 1 0 2h-9a1 1 0 1 1 0-2Zm0-3.3h6a1 1 0 1 1 0 2h-6a1 1 0 1 1 0-2Z"
          />
        </svg>
        <span>Chat</span>
      </button>
    </div>
  );
}

/**
 * Shares the sizes the stylesheet needs to keep the notifications and the widgets apart, as custom
 * properties on <body>: the widgets' width (an open window has the notifications beside it on wide
 * screens) and the height of the notifications showing (the buttons step up above them meanwhile).
 */
function useRoomForNotifications(ref: RefObject<HTMLDivElement | null>) {
  useEffect(() => {
    const element = ref.current!;
    const notifications = document.querySelector<HTMLElement>(".toast-region");
    const body = document.body;
    const update = () => {
      body.style.setProperty("--floating-widgets-width", `${Math.ceil(element.getBoundingClientRect().width)}px`);
      const toasts = Math.ceil(notifications?.getBoundingClientRect().height ?? 0);
      body.style.setProperty("--toast-stack-height", toasts > 0 ? `${toasts + 12}px` : "0px");
      body.toggleAttribute("data-floating-window", element.querySelector('[role="dialog"]:not([data-state="minimised"])') !== null);
    };
    const observer = new ResizeObserver(update);
    observer.observe(element);
    if (notifications) observer.observe(notifications);
    return () => {
      observer.disconnect();
      body.style.removeProperty("--floating-widgets-width");
      body.style.removeProperty("--toast-stack-height");
      body.removeAttribute("data-floating-window");
    };
  }, [ref]);
}

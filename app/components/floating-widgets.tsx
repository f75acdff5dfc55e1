import { lazy, Suspense, useEffect, useRef, type RefObject } from "react";
import type { AiCoachFlag } from "~/components/ai-coach/widget-state";
import { SalesChatLauncher } from "~/components/sales-chat/sales-launcher";

// The floating buttons at the bottom right (SPEC §2): the AI coach for signed-in people, the Service
// Assistant for everyone. The root layout loads this module on its own, after the page's first load,
// and renders it only once the page has hydrated: the buttons never appear before they can respond.
// They sit side by side (and stack when a phone is too narrow), above the phone booking bar. The
// notifications keep their place at the bottom right: the buttons step up above a notification while
// it shows; an open window has the notifications beside it on wide screens, above it on narrow ones.

const AiCoachLauncher = lazy(() => import("~/components/ai-coach/launcher"));

/** `launchers` false leaves the buttons out (a meeting's room has its own controls where they would sit). */
export default function FloatingWidgets({ aiCoach, launchers = true }: { aiCoach?: AiCoachFlag | null; launchers?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useRoomForNotifications(ref);
  if (!launchers) return <div ref={ref} className="floating-widgets" />;
  return (
    <div ref={ref} className="floating-widgets">
      {aiCoach ? (
        <Suspense>
          <AiCoachLauncher flag={aiCoach} />
        </Suspense>
      ) : null}
      <SalesChatLauncher />
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

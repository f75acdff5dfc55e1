import { useNavigate } from "@remix-run/react";
import { startTransition, useEffect, useRef, useState } from "react";

// The lesson page's behaviour in the browser: the reading position (restored on arrival, saved as
// the learner reads) and the keyboard shortcuts for the previous and next lessons. The page is
// complete without them.

/** How often, at most, the reading position is sent while scrolling. */
const SAVE_EVERY_MS = 4000;
/** Positions closer than this to the last one sent are not worth a request. */
const MIN_CHANGE = 0.02;

const clamp = (value: number) => Math.min(1, Math.max(0, value));

/** The share (0–1) of the element scrolled past: 0 at its top, 1 when its end is in view. */
function positionIn(element: HTMLElement): number {
  const top = element.getBoundingClientRect().top + window.scrollY;
  const span = Math.max(1, element.offsetHeight - window.innerHeight);
  return clamp((window.scrollY - top) / span);
}

function scrollToPosition(element: HTMLElement, position: number) {
  const top = element.getBoundingClientRect().top + window.scrollY;
  const span = Math.max(1, element.offsetHeight - window.innerHeight);
  window.scrollTo({ top: top + position * span, behavior: "instant" });
}

/**
 * Restores the saved reading position of the element `elementId` (unless the address names a
 * place on the page), then saves it as the learner scrolls: at most every few seconds, and when the
 * page is hidden or left. Returns whether the position was restored, for the page to say so.
 */
export function useReadingPosition(saveUrl: string, saved: number, elementId: string, enabled: boolean): { restored: boolean; dismiss: () => void } {
  const [restored, setRestored] = useState(false);
  const lastSent = useRef(saved);
  useEffect(() => {
    if (!enabled) return;
    const element = document.getElementById(elementId);
    if (!element) return;
    lastSent.current = saved;
    if (saved > MIN_CHANGE && !window.location.hash && window.scrollY < 10) {
      scrollToPosition(element, saved);
      // A transition: the note must not reach a part of the page still hydrating (the worksheet's
      // lazy editor), which would be thrown away and rendered again (React #421).
      startTransition(() => setRestored(true));
    } else startTransition(() => setRestored(false));

    let timer: ReturnType<typeof setTimeout> | undefined;
    const send = () => {
      timer = undefined;
      const position = Math.round(positionIn(element) * 1000) / 1000;
      if (Math.abs(position - lastSent.current) < MIN_CHANGE) return;
      lastSent.current = position;
      // keepalive: the save still goes out when it is sent as the page is left.
      void fetch(saveUrl, { method: "POST", body: new URLSearchParams({ position: String(position) }), keepalive: true, credentials: "same-origin" }).catch(
        () => undefined,
      );
    };
    const onScroll = () => {
      timer ??= setTimeout(send, SAVE_EVERY_MS);
    };
    const onHide = () => {
      if (document.visibilityState !== "hidden") return;
      if (timer) clearTimeout(timer);
      send();
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", onHide);
    return () => {
      if (timer) {
        clearTimeout(timer);
        send();
      }
      window.removeEventListener("scroll", onScroll);
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", onHide);
    };
  }, [saveUrl, saved, elementId, enabled]);
  return { restored, dismiss: () => setRestored(false) };
}

/** Whether a key press belongs to something the learner is typing in (or a control that uses letters). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT";
}

/** N opens the next lesson and P the previous one, except while typing or with a modifier key held. */
export function useLessonShortcuts(previousHref: string | null, nextHref: string | null) {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      const key = event.key.toLowerCase();
      const href = key === "n" ? nextHref : key === "p" ? previousHref : null;
      if (!href) return;
      event.preventDefault();
      navigate(href);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [navigate, previousHref, nextHref]);
}

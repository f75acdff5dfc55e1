import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type PointerEvent, type ReactNode } from "react";
import { createToastStore, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, type ToastItem, type ToastOptions, type ToastStore } from "./toast-store";

export type { ToastOptions, ToastVariant } from "./toast-store";

type ToastApi = Pick<ToastStore, "toast" | "dismiss">;
const ToastContext = createContext<ToastApi | null>(null);

/** `toast(options)` shows a notification and returns its id; `dismiss(id)` closes it. Inside <ToastProvider> only. */
export function useToast(): ToastApi {
  return useContext(ToastContext)!;
}

/** Holds the toasts and renders the notification region; `initial` is a toast raised by the server. */
export function ToastProvider({ children, initial }: { children: ReactNode; initial?: ToastOptions | null }) {
  // The server's toast is in the store from the first render (so it is in the server's HTML too);
  // one that arrives later, with the root loader's data after a navigation, is added once (by id).
  const [store] = useState(() => createToastStore(initial));
  useEffect(() => {
    if (initial) store.toast(initial);
  }, [store, initial]);
  return (
    <ToastContext.Provider value={store}>
      {children}
      <ToastRegion store={store} />
    </ToastContext.Provider>
  );
}

function ToastRegion({ store }: { store: ToastStore }) {
  const regionRef = useRef<HTMLElement>(null);
  const items = useSyncExternalStore(store.subscribe, store.get, store.get);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "F8") {
        event.preventDefault();
        regionRef.current!.focus();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <section ref={regionRef} className="toast-region" aria-label="Notifications (F8)" tabIndex={-1}>
      <ol className="toast-list">
        {items.map((item) => (
          <ToastCard key={item.id} item={item} onDismiss={store.dismiss} />
        ))}
      </ol>
    </section>
  );
}

function ToastCard({ item, onDismiss }: { item: ToastItem; onDismiss: (id: string) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const [paused, setPaused] = useState(false);
  /** Where a swipe started (the pointer is captured, so one at a time). */
  const drag = useRef<number | null>(null);
  const { open } = item;

  useEffect(() => {
    if (paused || !open) return;
    const timer = setTimeout(() => onDismiss(item.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [paused, open, item.id, onDismiss]);

  function close() {
    // Focus inside a closing toast would be lost: it goes to the region, where F8 also leads.
    const toast = ref.current!;
    if (toast.contains(document.activeElement)) toast.closest("section")!.focus();
    onDismiss(item.id);
  }

  function setOffset(px: number) {
    ref.current!.style.setProperty("--swipe-x", `${px}px`);
  }

  /** A swipe to the right of TOAST_SWIPE_THRESHOLD_PX dismisses; a shorter one springs back. */
  function endSwipe(event: PointerEvent<HTMLDivElement>) {
    if (drag.current === null) return;
    const distance = event.clientX - drag.current;
    drag.current = null;
    setPaused(false);
    if (distance >= TOAST_SWIPE_THRESHOLD_PX) close();
    else setOffset(0);
  }

  // The live-region role (status and alert are atomic) sits inside the list item, so the list keeps
  // valid list semantics. A closed
  // toast only animates out: hidden from assistive technology (never announced again), without buttons.
  return (
    <li className="toast-item" aria-hidden={!open}>
      <div
        ref={ref}
        className="toast"
        data-variant={item.variant}
        role={item.variant === "destructive" ? "alert" : "status"}
        onKeyDown={(event) => event.key === "Escape" && close()}
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
        onPointerDown={(event) => {
          if ((event.target as HTMLElement).closest("button")) return;
          drag.current = event.clientX;
          event.currentTarget.setPointerCapture(event.pointerId);
          setPaused(true);
        }}
        onPointerMove={(event) => drag.current !== null && setOffset(Math.max(0, event.clientX - drag.current))}
        onPointerUp={endSwipe}
        onPointerCancel={endSwipe}
      >
        <div className="toast-body">
          <p className="toast-title">{item.title}</p>
          {item.description && <p className="toast-description">{item.description}</p>}
        </div>
        {open && item.action && (
          <button type="button" className="toast-action" onClick={item.action.onClick}>
            {item.action.label}
          </button>
        )}
        {open && (
          <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={close}>
            <span aria-hidden="true">×</span>
          </button>
        )}
      </div>
    </li>
  );
}

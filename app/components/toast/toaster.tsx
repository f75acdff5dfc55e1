import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";

export const TOAST_DURATION_MS = 5000;
export const TOAST_VISIBLE_LIMIT = 3;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
const EXIT_ANIMATION_MS = 200;

export type ToastVariant = "default" | "success" | "destructive";
export type ToastOptions = {
  id?: string;
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: { label: string; onClick: () => void };
};
type ToastItem = Required<Pick<ToastOptions, "id" | "title" | "variant">> & Pick<ToastOptions, "description" | "action"> & { open: boolean };

type ToastApi = { toast: (options: ToastOptions) => string; dismiss: (id: string) => void };
const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>");
  return api;
}

function toItem(options: ToastOptions): ToastItem {
  return {
    id: options.id ?? crypto.randomUUID(),
    title: options.title,
    description: options.description,
    variant: options.variant ?? "default",
    action: options.action,
    open: true,
  };
}

/** Holds the toasts and renders the notification region; `initial` is a toast raised by the server. */
export function ToastProvider({ children, initial }: { children: ReactNode; initial?: ToastOptions | null }) {
  const [items, setItems] = useState<ToastItem[]>(() => (initial ? [toItem(initial)] : []));

  const dismiss = useCallback((id: string) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, open: false } : item)));
    setTimeout(() => setItems((current) => current.filter((item) => item.id !== id)), EXIT_ANIMATION_MS);
  }, []);

  const toast = useCallback((options: ToastOptions) => {
    const item = toItem(options);
    setItems((current) => (current.some((c) => c.id === item.id) ? current : [...current, item]));
    return item.id;
  }, []);

  // A toast from the server arrives with the root loader's data: add it while rendering (React's
  // pattern for state that follows a prop), not in an effect that would render twice.
  const [shownInitial, setShownInitial] = useState(initial);
  if (initial !== shownInitial) {
    setShownInitial(initial);
    if (initial) toast(initial);
  }

  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <ToastRegion items={items} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

function ToastRegion({ items, onDismiss }: { items: ToastItem[]; onDismiss: (id: string) => void }) {
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "F8") {
        event.preventDefault();
        regionRef.current?.focus();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  const visible = items.filter((item) => item.open).slice(-TOAST_VISIBLE_LIMIT);
  return (
    <section ref={regionRef} className="toast-region" aria-label="Notifications (F8)" tabIndex={-1}>
      <ol className="toast-list">
        {visible.map((item) => (
          <ToastCard key={item.id} item={item} onDismiss={onDismiss} />
        ))}
      </ol>
    </section>
  );
}

function ToastCard({ item, onDismiss }: { item: ToastItem; onDismiss: (id: string) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const [paused, setPaused] = useState(false);
  const drag = useRef<{ startX: number; pointerId: number } | null>(null);

  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => onDismiss(item.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [paused, item.id, onDismiss]);

  function setOffset(px: number) {
    ref.current?.style.setProperty("--swipe-x", `${px}px`);
  }

  // The live-region role sits inside the list item, so the list keeps valid list semantics.
  return (
    <li className="toast-item">
      <div
        ref={ref}
        className="toast"
        data-variant={item.variant}
        role={item.variant === "destructive" ? "alert" : "status"}
        aria-atomic="true"
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
        onPointerDown={(event) => {
          if ((event.target as HTMLElement).closest("button")) return;
          drag.current = { startX: event.clientX, pointerId: event.pointerId };
          event.currentTarget.setPointerCapture(event.pointerId);
          setPaused(true);
        }}
        onPointerMove={(event) => {
          if (drag.current?.pointerId === event.pointerId) setOffset(Math.max(0, event.clientX - drag.current.startX));
        }}
        onPointerUp={(event) => {
          if (drag.current?.pointerId !== event.pointerId) return;
          const distance = event.clientX - drag.current.startX;
          drag.current = null;
          setPaused(false);
          if (distance >= TOAST_SWIPE_THRESHOLD_PX) onDismiss(item.id);
          else setOffset(0);
        }}
        onPointerCancel={() => {
          drag.current = null;
          setOffset(0);
          setPaused(false);
        }}
      >
        <div className="toast-body">
          <p className="toast-title">{item.title}</p>
          {item.description ? <p className="toast-description">{item.description}</p> : null}
        </div>
        {item.action ? (
          <button type="button" className="toast-action" onClick={item.action.onClick}>
            {item.action.label}
          </button>
        ) : null}
        <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => onDismiss(item.id)}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </li>
  );
}

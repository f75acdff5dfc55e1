// The notifications' rules (SPEC §9), as a small store the toaster renders:
// - 1 toast is held (open, shown and announced) at a time: a new toast replaces it, and the one it
//   replaces closes exactly as a dismissed toast does;
// - a dismissed toast is hidden at once (it animates out and is never announced again) and leaves
//   the store TOAST_REMOVE_DELAY later;
// - at most TOAST_VISIBLE_LIMIT are rendered: the open one and, newest first, ones still leaving.

export const TOAST_LIMIT = 1;
export const TOAST_VISIBLE_LIMIT = 3;
export const TOAST_REMOVE_DELAY = 1_000_000;
/** SPEC §9 gives 4000 and 5000 ms; the longer one gives people time to read. Hover or focus pauses it. */
export const TOAST_DURATION_MS = 5000;
/** A swipe to the right this far dismisses a toast. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export type ToastVariant = "default" | "success" | "destructive";
export type ToastOptions = {
  id?: string;
  title: string;
  description?: string;
  variant?: ToastVariant;
  action?: { label: string; onClick: () => void };
};
export type ToastItem = ToastOptions & { id: string; open: boolean };

export type ToastStore = ReturnType<typeof createToastStore>;

export function createToastStore(initial?: ToastOptions | null) {
  let items: ToastItem[] = [];
  let count = 0;
  // One subscriber: the notification region.
  let listener = () => {};
  const set = (next: ToastItem[]) => {
    items = next;
    listener();
  };

  const store = {
    /** Newest first. */
    get: () => items,
    /** The region subscribes once, for the page's lifetime (it is part of the root layout). */
    subscribe(onChange: () => void) {
      listener = onChange;
      return () => {};
    },
    /** Shows a toast (once per id) and returns its id. */
    toast(options: ToastOptions) {
      const id = options.id ?? `toast-${++count}`;
      if (!items.some((item) => item.id === id)) {
        items.slice(TOAST_LIMIT - 1).forEach((item) => item.open && store.dismiss(item.id));
        set([{ ...options, id, open: true }, ...items].slice(0, TOAST_VISIBLE_LIMIT));
      }
      return id;
    },
    /** Closes a toast; it leaves the store TOAST_REMOVE_DELAY later. */
    dismiss(id: string) {
      set(items.map((item) => (item.id === id ? { ...item, open: false } : item)));
      setTimeout(() => set(items.filter((item) => item.id !== id)), TOAST_REMOVE_DELAY);
    },
  };
  if (initial) store.toast(initial);
  return store;
}

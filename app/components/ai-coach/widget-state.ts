// What the AI coach's launcher and its lazily loaded window share: who may see the widget, its
// states, and where the tab keeps them. Kept apart so the window does not import its launcher.

export type AiCoachFlag = { signedIn: true; hasActiveSubscription: boolean; tier: "lite" | "pro" | null };
export type WidgetState = "closed" | "open" | "minimised";

/** The window's state and conversation for this browser tab, so a reload or a new page keeps them. */
export const WIDGET_STORAGE_KEY = "clarityai:widget";

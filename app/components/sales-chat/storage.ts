import type { ContactInfo, SalesChatMessage } from "~/sales-chat/types";

// The Service Assistant's state for this browser tab (SPEC §4 "Service chat"): whether the window is
// closed, open or minimised, and the conversation itself, so a reload or a new page keeps them.

export type SalesWidgetState = "closed" | "open" | "minimised";

export type SavedSalesChat = {
  state?: SalesWidgetState;
  messages?: SalesChatMessage[];
  contactInfo?: ContactInfo | null;
  conversationId?: string;
  pagePath?: string;
};

export const SALES_CHAT_STORAGE_KEY = "clarityai:sales-chat";

const STATES: readonly SalesWidgetState[] = ["closed", "open", "minimised"];
const text = (value: unknown): value is string => typeof value === "string";

/** What this tab saved, checked field by field: anything malformed is simply left out. */
export function readSavedSalesChat(): SavedSalesChat {
  let raw: unknown;
  try {
    raw = JSON.parse(sessionStorage.getItem(SALES_CHAT_STORAGE_KEY) ?? "null");
  } catch {
    return {};
  }
  if (!raw || typeof raw !== "object") return {};
  const saved = raw as Record<string, unknown>;
  const result: SavedSalesChat = {};
  if (STATES.includes(saved.state as SalesWidgetState)) result.state = saved.state as SalesWidgetState;
  if (Array.isArray(saved.messages)) {
    result.messages = saved.messages.filter(
      (m): m is SalesChatMessage => Boolean(m) && typeof m === "object" && (m.role === "user" || m.role === "assistant") && text(m.content) && m.content !== "",
    );
  }
  const contact = saved.contactInfo as Record<string, unknown> | null | undefined;
  if (contact && typeof contact === "object" && text(contact.name) && text(contact.email)) {
    result.contactInfo = {
      name: contact.name,
      email: contact.email,
      ...(text(contact.company) ? { company: contact.company } : {}),
      ...(text(contact.phone) ? { phone: contact.phone } : {}),
      ...(text(contact.businessType) ? { businessType: contact.businessType } : {}),
      ...(typeof contact.marketingConsent === "boolean" ? { marketingConsent: contact.marketingConsent } : {}),
    };
  }
  if (text(saved.conversationId)) result.conversationId = saved.conversationId;
  if (text(saved.pagePath) && saved.pagePath.startsWith("/")) result.pagePath = saved.pagePath;
  return result;
}

export function saveSalesChat(patch: SavedSalesChat) {
  try {
    sessionStorage.setItem(SALES_CHAT_STORAGE_KEY, JSON.stringify({ ...readSavedSalesChat(), ...patch }));
  } catch {
    // Storage unavailable (private mode, blocked, full): the chat still works, it just isn't remembered.
  }
}

import type { AiCoachStatus, ChatApiError, ConversationSummary, EscalateResult, PromptPacks } from "~/ai-coach/chat-types";

// The browser's side of the /ai-coach API (same origin, the session cookie). Every refusal comes
// back as an ApiError carrying the server's { error, code } so the UI can tell a usage limit from a
// missing subscription; a network failure is an ApiError with code "network".

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body?: ChatApiError,
  ) {
    super(message);
  }
}

const JSON_HEADERS = { "Content-Type": "application/json", Accept: "application/json" };

async function refusal(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as ChatApiError | null;
  if (body && typeof body.error === "string") return new ApiError(response.status, String(body.code ?? "error"), body.error, body);
  // Signed out meanwhile: the guard redirects to the sign-in page, which fetch follows.
  if (response.redirected && new URL(response.url).pathname === "/auth")
    return new ApiError(401, "signed_out", "Your session has ended. Please sign in again.");
  return new ApiError(response.status, "error", "");
}

async function call(path: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: "same-origin", ...init, headers: { ...JSON_HEADERS, ...init.headers } });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, "network", "");
  }
  if (!response.ok || response.redirected) throw await refusal(response);
  return response;
}

/** POST /ai-coach/chat: the reply's event stream (the response, whose body the caller reads). */
export function postChat(input: { message: string; conversationId: string | null; clientMessageId: string }, signal: AbortSignal) {
  return call("/ai-coach/chat", { method: "POST", body: JSON.stringify(input), signal, headers: { Accept: "text/event-stream" } });
}

/** GET /ai-coach/conversations/:id/stream: the conversation as stored, then a reply being written, live. */
export function openStream(conversationId: string, signal: AbortSignal) {
  return call(`/ai-coach/conversations/${encodeURIComponent(conversationId)}/stream`, { signal, headers: { Accept: "text/event-stream" } });
}

export async function stopReply(conversationId: string) {
  await call(`/ai-coach/conversations/${encodeURIComponent(conversationId)}/stop`, { method: "POST", body: "{}" });
}

export async function escalate(conversationId: string, messageId?: string): Promise<EscalateResult> {
  const response = await call(`/ai-coach/conversations/${encodeURIComponent(conversationId)}/escalate`, {
    method: "POST",
    body: JSON.stringify(messageId ? { messageId } : {}),
  });
  return (await response.json()) as EscalateResult;
}

export async function listConversations(): Promise<ConversationSummary[]> {
  const response = await call("/ai-coach/conversations");
  return ((await response.json()) as { conversations: ConversationSummary[] }).conversations;
}

export async function renameConversation(conversationId: string, title: string): Promise<ConversationSummary> {
  const response = await call(`/ai-coach/conversations/${encodeURIComponent(conversationId)}`, {
    method: "POST",
    body: JSON.stringify({ intent: "rename", title }),
  });
  return ((await response.json()) as { conversation: ConversationSummary }).conversation;
}

export async function deleteConversation(conversationId: string) {
  await call(`/ai-coach/conversations/${encodeURIComponent(conversationId)}`, { method: "POST", body: JSON.stringify({ intent: "delete" }) });
}

/** The Markdown download; `zone` (the reader's) puts its dates and file name on the reader's clock. */
export const exportUrl = (conversationId: string, zone?: string | null) =>
  `/ai-coach/conversations/${encodeURIComponent(conversationId)}/export.md${zone ? `?tz=${encodeURIComponent(zone)}` : ""}`;

export async function fetchStatus(): Promise<AiCoachStatus> {
  const response = await call("/ai-coach/status");
  return (await response.json()) as AiCoachStatus;
}

export async function fetchPromptPacks(): Promise<PromptPacks> {
  const response = await call("/ai-coach/prompt-packs");
  return ((await response.json()) as { promptPacks: PromptPacks }).promptPacks;
}

import { DurableObject } from "cloudflare:workers";
import { recordConversationActivity } from "~/ai-coach/chat.server";
import type { ChatMessageStatus, ChatStreamEvent, ConversationSummary, StoredChatMessage, UsageMeter } from "~/ai-coach/chat-types";
import type { ConversationSnapshot, ExpertReplyInput, ModelSettings, ReplyPlan, SendRequest, StreamRequest } from "~/ai-coach/conversation-protocol";
import { SEND_CREATED_HEADER, SEND_REFUSED_HEADER } from "~/ai-coach/conversation-protocol";
import { asksForPerson } from "~/ai-coach/escalation-intent";
import { PRO_REQUIRED_MESSAGE, raiseEscalation, type RaiseEscalationResult } from "~/ai-coach/escalation-requests.server";
import { createModelService, ModelUnavailableError, toolResultMessages, type ModelMessage } from "~/ai-coach/model.server";
import { OFFLINE_CHUNK_DELAY_MS, paceChunks, type OfflineEscalation } from "~/ai-coach/offline-coach";
import { encodeSseEvent, SSE_HEADERS } from "~/ai-coach/sse";
import type { AppContext } from "~/context.server";
import { createAppContext } from "~/create-context.server";

/** How often a growing reply is written to storage (a reload or another tab then sees it). */
const PERSIST_EVERY_MS = 100;
/** The history sent to the model: the most recent messages, up to this many characters. */
const HISTORY_CHAR_BUDGET = 24_000;
/** Attempts at a reply whose object restarted before any text was written. */
const MAX_ATTEMPTS = 3;

type MessageRow = {
  id: string;
  role: StoredChatMessage["role"];
  content: string;
  timestamp: string;
  status: ChatMessageStatus;
  offline: number;
  escalation_id: string | null;
  client_message_id: string | null;
  reply_to: string | null;
  escalation_triggered: number;
};

type RunningReply = {
  messageId: string;
  controller: AbortController;
  text: string;
  offline: boolean;
  escalationTriggered: boolean;
  persistedAt: number;
  usage: UsageMeter | null;
  finished: boolean;
  done: Promise<void>;
};

type Subscriber = { writer: WritableStreamDefaultWriter<Uint8Array>; closed: boolean };

const encoder = new TextEncoder();

function toMessage(row: MessageRow): StoredChatMessage {
  return {
    id: row.id,
    role: row.role,
    content: row.content,
    timestamp: row.timestamp,
    status: row.status,
    ...(row.offline ? { offline: true } : {}),
    ...(row.escalation_id ? { escalationId: row.escalation_id } : {}),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One AI coach conversation: its ordered messages in this object's SQLite storage, and the reply
 * being written. The reply is produced here, not in the browser's request: the user's message is
 * stored before the model is called, the reply's text is written to storage as it grows, an alarm
 * keeps the object working on it after every browser has gone, and an object that restarts
 * mid-reply finishes it (or marks it failed) instead of leaving it streaming. Browsers follow a reply
 * through server-sent event streams (snapshot, deltas, done); any number of tabs at once.
 */
export class Conversation extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private readonly subscribers = new Set<Subscriber>();
  private running: RunningReply | null = null;
  /** The model settings of the request that started the reply; the object's own settings after a restart. */
  private model: ModelSettings | null = null;
  private appContext: AppContext | undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    void ctx.blockConcurrencyWhile(async () => {
      this.ensureSchema();
      // A reply left streaming by an earlier run of this object: the alarm finishes or fails it.
      if (this.streamingRow() && (await ctx.storage.getAlarm()) === null) await ctx.storage.setAlarm(Date.now());
    });
  }

  /**
   * The object's context, from the same builder as every request's (made on first use, so an object
   * that only streams never parses the settings). Its background work is the object's own waitUntil.
   */
  private get context(): AppContext {
    return (this.appContext ??= createAppContext(this.env, {
      executionContext: { waitUntil: (promise) => this.ctx.waitUntil(promise), passThroughOnException: () => undefined },
    }));
  }

  private ensureSchema() {
    this.sql.exec(`CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL)`);
    this.sql.exec(
      `CREATE TABLE IF NOT EXISTS chat_messages (
         seq INTEGER PRIMARY KEY AUTOINCREMENT,
         id TEXT NOT NULL UNIQUE,
         role TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'expert')),
         content TEXT NOT NULL,
         timestamp TEXT NOT NULL,
         status TEXT NOT NULL CHECK (status IN ('complete', 'streaming', 'stopped', 'failed')),
         offline INTEGER NOT NULL DEFAULT 0,
         escalation_id TEXT,
         client_message_id TEXT UNIQUE,
         reply_to TEXT,
         escalation_triggered INTEGER NOT NULL DEFAULT 0
       )`,
    );
    this.sql.exec(
      `CREATE TABLE IF NOT EXISTS pending_replies (
         message_id TEXT PRIMARY KEY NOT NULL,
         plan TEXT NOT NULL,
         attempts INTEGER NOT NULL DEFAULT 0
       )`,
    );
  }

  // ── Reading ────────────────────────────────────────────────────────────────────────────────

  private rows(): MessageRow[] {
    return this.sql.exec<MessageRow>("SELECT * FROM chat_messages ORDER BY seq").toArray();
  }

  private row(id: string): MessageRow | null {
    return this.sql.exec<MessageRow>("SELECT * FROM chat_messages WHERE id = ?", id).toArray()[0] ?? null;
  }

  private streamingRow(): MessageRow | null {
    return this.sql.exec<MessageRow>("SELECT * FROM chat_messages WHERE status = 'streaming' ORDER BY seq LIMIT 1").toArray()[0] ?? null;
  }

  /** The stored messages, with the running reply's latest text (newer than its last write). */
  private messages(): StoredChatMessage[] {
    const running = this.running;
    return this.rows().map((row) => {
      const message = toMessage(row);
      if (running && !running.finished && row.id === running.messageId) {
        message.content = running.text;
        if (running.offline) message.offline = true;
      }
      return message;
    });
  }

  async hasClientMessage(clientMessageId: string): Promise<boolean> {
    return this.sql.exec("SELECT 1 FROM chat_messages WHERE client_message_id = ?", clientMessageId).toArray().length > 0;
  }

  async snapshot(): Promise<ConversationSnapshot> {
    const messages = this.messages();
    return { messages, streaming: messages.some((message) => message.status === "streaming") };
  }

  // ── Streams ────────────────────────────────────────────────────────────────────────────────

  override async fetch(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (request.method === "POST" && pathname === "/send") return this.send((await request.json()) as SendRequest);
    if (request.method === "POST" && pathname === "/stream") return this.openStream((await request.json()) as StreamRequest, null);
    return new Response("Not found", { status: 404 });
  }

  private summaryOf(conversation: ConversationSummary, messages: StoredChatMessage[]): ConversationSummary {
    const last = messages.at(-1)?.timestamp;
    return { ...conversation, messageCount: messages.length, lastActivityAt: last && last > conversation.lastActivityAt ? last : conversation.lastActivityAt };
  }

  /**
   * A stream: the snapshot, then (while a reply is being written) its deltas and its done event.
   * With `replyId` (the sender's own stream), a reply that has already ended is announced with
   * its done event, so the sender always learns how its reply ended.
   */
  private openStream(request: StreamRequest, replyId: string | null, headers: Record<string, string> = {}): Response {
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const subscriber: Subscriber = { writer: writable.getWriter(), closed: false };
    const messages = this.messages();
    this.write(subscriber, {
      event: "snapshot",
      data: { conversation: this.summaryOf(request.conversation, messages), messages, escalations: request.escalations },
    });
    const running = this.running && !this.running.finished ? this.running : null;
    if (running && (replyId === null || replyId === running.messageId)) {
      this.subscribers.add(subscriber);
    } else if (!running && messages.some((message) => message.status === "streaming")) {
      // Stored as streaming but not running here yet (the object just restarted): the alarm picks it up.
      this.subscribers.add(subscriber);
    } else {
      const reply = replyId ? this.row(replyId) : null;
      if (reply && reply.status !== "streaming") {
        this.write(subscriber, {
          event: "done",
          data: { messageId: reply.id, status: reply.status, content: reply.content, escalationTriggered: reply.escalation_triggered === 1 },
        });
      }
      this.close(subscriber);
    }
    return new Response(readable, { headers: { ...SSE_HEADERS, ...headers } });
  }

  private write(subscriber: Subscriber, event: ChatStreamEvent) {
    if (subscriber.closed) return;
    subscriber.writer.write(encoder.encode(encodeSseEvent(event))).catch(() => {
      // The browser went away: the reply goes on without it.
      subscriber.closed = true;
      this.subscribers.delete(subscriber);
    });
  }

  private close(subscriber: Subscriber) {
    if (subscriber.closed) return;
    subscriber.closed = true;
    this.subscribers.delete(subscriber);
    subscriber.writer.close().catch(() => undefined);
  }

  private broadcast(event: ChatStreamEvent) {
    for (const subscriber of this.subscribers) this.write(subscriber, event);
  }

  // ── Sending ────────────────────────────────────────────────────────────────────────────────

  private meta(key: string): string | null {
    return this.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = ?", key).toArray()[0]?.value ?? null;
  }

  /**
   * Stores the user's message and starts the reply, once per clientMessageId: a retry gets the
   * stream of the reply already stored (header X-Message-Created: false), never a second one.
   */
  private send(input: SendRequest): Response {
    const streamRequest: StreamRequest = { conversation: input.conversation, escalations: input.escalations };
    const existing = this.sql.exec<MessageRow>("SELECT * FROM chat_messages WHERE client_message_id = ?", input.clientMessageId).toArray()[0];
    if (existing) {
      const reply = this.sql.exec<{ id: string }>("SELECT id FROM chat_messages WHERE reply_to = ?", existing.id).toArray()[0];
      return this.openStream(streamRequest, reply?.id ?? null, { [SEND_CREATED_HEADER]: "false" });
    }
    const busy = this.streamingRow();
    if (busy) {
      // One reply at a time: the conversation is read in order, and each reply answers what came before it.
      return new Response(null, { status: 409, headers: { [SEND_REFUSED_HEADER]: "reply_in_progress" } });
    }
    const userId = crypto.randomUUID();
    const replyId = crypto.randomUUID();
    const replyAt = new Date(Math.max(Date.parse(input.timestamp) + 1, this.context.services.clock.now().getTime())).toISOString();
    this.ctx.storage.transactionSync(() => {
      if (this.meta("conversation_id") === null) this.sql.exec("INSERT INTO meta (key, value) VALUES ('conversation_id', ?)", input.plan.conversationId);
      this.sql.exec(
        "INSERT INTO chat_messages (id, role, content, timestamp, status, client_message_id) VALUES (?, 'user', ?, ?, 'complete', ?)",
        userId,
        input.content,
        input.timestamp,
        input.clientMessageId,
      );
      this.sql.exec(
        "INSERT INTO chat_messages (id, role, content, timestamp, status, reply_to) VALUES (?, 'assistant', '', ?, 'streaming', ?)",
        replyId,
        replyAt,
        userId,
      );
      this.sql.exec("INSERT INTO pending_replies (message_id, plan, attempts) VALUES (?, ?, 1)", replyId, JSON.stringify(input.plan));
    });
    this.model = input.model;
    this.startReply(replyId, input.plan, input.usage);
    // The alarm keeps the object at work on the reply after every stream has closed, and retries
    // after a restart.
    void this.ctx.storage.setAlarm(Date.now());
    this.ctx.waitUntil(this.syncIndex());
    return this.openStream(streamRequest, replyId, { [SEND_CREATED_HEADER]: "true" });
  }

  override async alarm(): Promise<void> {
    if (this.running && !this.running.finished) {
      await this.running.done;
      return;
    }
    const row = this.streamingRow();
    if (!row) return;
    const pending = this.sql.exec<{ plan: string; attempts: number }>("SELECT plan, attempts FROM pending_replies WHERE message_id = ?", row.id).toArray()[0];
    if (!pending || row.content !== "" || pending.attempts >= MAX_ATTEMPTS) {
      // The object restarted mid-reply: what was written is kept, marked as failed rather than left streaming.
      await this.finish(row.id, "failed", row.content, row.offline === 1, row.escalation_triggered === 1);
      return;
    }
    this.sql.exec("UPDATE pending_replies SET attempts = attempts + 1 WHERE message_id = ?", row.id);
    const reply = this.startReply(row.id, JSON.parse(pending.plan) as ReplyPlan, null);
    await reply.done;
  }

  private startReply(messageId: string, plan: ReplyPlan, usage: UsageMeter | null): RunningReply {
    const reply: RunningReply = {
      messageId,
      controller: new AbortController(),
      text: "",
      offline: false,
      escalationTriggered: false,
      persistedAt: Date.now(),
      usage,
      finished: false,
      done: Promise.resolve(),
    };
    this.running = reply;
    reply.done = this.writeReply(reply, plan).catch(async (error) => {
      console.error("conversation: reply failed", error instanceof Error ? error.message : String(error));
      if (!reply.finished) await this.finish(messageId, "failed", reply.text, reply.offline, reply.escalationTriggered);
    });
    return reply;
  }

  private history(replyId: string, plan: ReplyPlan): ModelMessage[] {
    const rows = this.rows().filter((row) => row.id !== replyId && row.content.trim() !== "");
    const picked: ModelMessage[] = [];
    let budget = HISTORY_CHAR_BUDGET;
    for (let i = rows.length - 1; i >= 0 && budget > 0; i--) {
      const row = rows[i]!;
      const content = row.role === "expert" ? `(A reply from a ClarityAI human expert) ${row.content}` : row.content;
      picked.unshift({ role: row.role === "user" ? "user" : "assistant", content: content.slice(-budget) });
      budget -= content.length;
    }
    return [{ role: "system", content: plan.systemPrompt }, ...picked];
  }

  private append(reply: RunningReply, text: string) {
    if (reply.finished || !text) return;
    reply.text += text;
    this.broadcast({ event: "delta", data: { messageId: reply.messageId, text } });
    const now = Date.now();
    if (now - reply.persistedAt >= PERSIST_EVERY_MS) {
      reply.persistedAt = now;
      this.sql.exec(
        "UPDATE chat_messages SET content = ?, offline = ? WHERE id = ? AND status = 'streaming'",
        reply.text,
        reply.offline ? 1 : 0,
        reply.messageId,
      );
    }
  }

  private async writeReply(reply: RunningReply, plan: ReplyPlan): Promise<void> {
    const model = this.model ? createModelService(this.model) : this.context.services.model;
    const settings = model.settings;
    const signal = reply.controller.signal;
    const messages = this.history(reply.messageId, plan);
    const question = [...messages].reverse().find((message) => message.role === "user")?.content ?? "";
    let failed = !settings.apiKey;
    if (!failed) {
      try {
        for await (const event of model.streamReply(messages, { offerEscalation: plan.offerEscalation, signal })) {
          if (event.type === "text") {
            this.append(reply, event.text);
            continue;
          }
          const result = await this.escalateFromModel(reply, plan, event.reason);
          // Tell the model what became of its request, and let it finish its answer.
          const followUp = [
            ...messages,
            ...(reply.text ? [{ role: "assistant" as const, content: reply.text }] : []),
            ...toolResultMessages(event.callId, event.reason, result),
          ];
          const separator = reply.text && !reply.text.endsWith("\n") ? "\n\n" : "";
          let first = true;
          for await (const next of model.streamReply(followUp, { offerEscalation: false, signal })) {
            if (next.type !== "text") continue;
            this.append(reply, first ? separator + next.text : next.text);
            first = false;
          }
        }
      } catch (error) {
        if (!(error instanceof ModelUnavailableError)) throw error;
        console.warn("conversation: the model is unavailable, the offline coach answers", error.message);
        failed = true;
      }
    }
    if (failed && !signal.aborted && !reply.finished) {
      reply.offline = true;
      // Asked in words for a person: escalated as the model's escalate_to_expert call would be.
      const escalation = !reply.escalationTriggered && asksForPerson(question) ? await this.escalateFromWords(reply, plan) : null;
      const answer = model.offlineAnswer(question, plan.articles, {
        tier: plan.tier,
        afterModelFailure: Boolean(settings.apiKey),
        escalation,
        startedFrom: plan.startedFrom ?? null,
      });
      const text = reply.text ? `\n\n---\n\n${answer}` : answer;
      for (const chunk of paceChunks(text)) {
        if (signal.aborted || reply.finished) break;
        this.append(reply, chunk);
        await sleep(OFFLINE_CHUNK_DELAY_MS);
      }
    }
    if (reply.finished) return;
    if (!reply.text.trim()) {
      await this.finish(reply.messageId, "failed", "", reply.offline, reply.escalationTriggered);
      return;
    }
    await this.finish(reply.messageId, "complete", reply.text, reply.offline, reply.escalationTriggered);
  }

  /** The model's escalate_to_expert call: raised for Pro subscribers, within their allowance. Returns the tool result. */
  private async escalateFromModel(reply: RunningReply, plan: ReplyPlan, reason: string): Promise<string> {
    const result = await this.raiseFor(reply, plan, reason);
    if (!result) return "The escalation could not be recorded.";
    if (!result.escalationTriggered) return `Not escalated: ${result.message} Tell the user this in one sentence, then answer as well as you can.`;
    return "Escalated: the question is with ClarityAI's human experts, who will follow up by email. Tell the user this in one sentence, then give your best general guidance meanwhile.";
  }

  /** The offline coach's part of escalate_to_expert: what the model would do for a subscriber who asks in words for a person. */
  private async escalateFromWords(reply: RunningReply, plan: ReplyPlan): Promise<OfflineEscalation | null> {
    // Lite: the tool isn't offered, and the answer says what the model is told to say.
    if (!plan.offerEscalation) return { raised: false, message: PRO_REQUIRED_MESSAGE };
    const result = await this.raiseFor(reply, plan, "The subscriber asked in the chat for a human expert.");
    if (!result) return null;
    return result.escalationTriggered ? { raised: true } : { raised: false, message: result.message };
  }

  /** Raises an escalation on the question this reply answers (Pro, within the allowance); null when the question isn't found. */
  private async raiseFor(reply: RunningReply, plan: ReplyPlan, reason: string): Promise<RaiseEscalationResult | null> {
    const questionId = this.row(reply.messageId)?.reply_to;
    if (!questionId) return null;
    const result = await raiseEscalation(this.context, {
      userId: plan.userId,
      conversationId: plan.conversationId,
      messageId: questionId,
      trigger: "model",
      reason,
      transcript: this.messages(),
    });
    if (result.escalationTriggered) {
      reply.escalationTriggered = true;
      this.markEscalatedSync(questionId, result.escalationId);
    }
    return result;
  }

  private async finish(messageId: string, status: Exclude<ChatMessageStatus, "streaming">, content: string, offline: boolean, escalationTriggered: boolean) {
    const reply = this.running?.messageId === messageId ? this.running : null;
    if (reply) {
      if (reply.finished) return;
      reply.finished = true;
    }
    this.ctx.storage.transactionSync(() => {
      this.sql.exec(
        "UPDATE chat_messages SET content = ?, status = ?, offline = ?, escalation_triggered = ? WHERE id = ?",
        content,
        status,
        offline ? 1 : 0,
        escalationTriggered ? 1 : 0,
        messageId,
      );
      this.sql.exec("DELETE FROM pending_replies WHERE message_id = ?", messageId);
    });
    if (reply) this.running = null;
    this.broadcast({ event: "done", data: { messageId, status, content, escalationTriggered, ...(reply?.usage ? { usage: reply.usage } : {}) } });
    for (const subscriber of [...this.subscribers]) this.close(subscriber);
    await this.syncIndex();
  }

  /** The D1 index row follows the conversation: its message count and last activity. */
  private async syncIndex() {
    const conversationId = this.meta("conversation_id");
    if (!conversationId) return;
    const stats = this.sql.exec<{ n: number; last: string | null }>("SELECT count(*) AS n, max(timestamp) AS last FROM chat_messages").one();
    try {
      await recordConversationActivity(this.context, conversationId, { messageCount: stats.n, lastMessageAt: stats.last });
    } catch (error) {
      console.error("conversation: the index row could not be updated", error instanceof Error ? error.message : String(error));
    }
  }

  // ── RPC ────────────────────────────────────────────────────────────────────────────────────

  /** Stop: the reply ends now, keeping what was written, marked "stopped". False when nothing was being written. */
  async stop(): Promise<boolean> {
    const reply = this.running && !this.running.finished ? this.running : null;
    if (reply) {
      reply.controller.abort();
      await this.finish(reply.messageId, "stopped", reply.text, reply.offline, reply.escalationTriggered);
      return true;
    }
    const row = this.streamingRow();
    if (!row) return false;
    await this.finish(row.id, "stopped", row.content, row.offline === 1, row.escalation_triggered === 1);
    return true;
  }

  private markEscalatedSync(messageId: string, escalationId: string) {
    this.sql.exec("UPDATE chat_messages SET escalation_id = ? WHERE id = ? AND role = 'user'", escalationId, messageId);
  }

  /** Marks the user message an escalation was raised on ("Ask an expert"). */
  async markEscalated(messageId: string, escalationId: string): Promise<void> {
    this.markEscalatedSync(messageId, escalationId);
  }

  /** An expert's answer to an escalation, as a message of its own; once per escalation. */
  async addExpertReply(input: ExpertReplyInput): Promise<StoredChatMessage> {
    const id = `expert-${input.escalationId}`;
    const timestamp = new Date(Date.parse(input.repliedAt) || this.context.services.clock.now().getTime()).toISOString();
    this.sql.exec(
      "INSERT OR IGNORE INTO chat_messages (id, role, content, timestamp, status) VALUES (?, 'expert', ?, ?, 'complete')",
      id,
      input.content,
      timestamp,
    );
    await this.syncIndex();
    return toMessage(this.row(id)!);
  }

  /** Forgets the conversation: every message, the reply being written and any alarm. Harmless if repeated. */
  async purge(): Promise<void> {
    if (this.running && !this.running.finished) {
      this.running.finished = true;
      this.running.controller.abort();
    }
    this.running = null;
    for (const subscriber of [...this.subscribers]) this.close(subscriber);
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    // deleteAll() drops the SQLite tables as well.
    this.ensureSchema();
  }
}

import { DurableObject } from "cloudflare:workers";

export type ChatRole = "user" | "assistant";
export type ChatMessage = { role: ChatRole; content: string; timestamp: string };

/**
 * One AI conversation: its ordered message history lives in this object's SQLite storage, so every
 * message acknowledged to the user is durably stored before the reply is sent.
 */
export class Conversation extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    ctx.blockConcurrencyWhile(async () => this.ensureSchema());
  }

  private ensureSchema() {
    this.sql.exec(
      `CREATE TABLE IF NOT EXISTS messages (
         seq INTEGER PRIMARY KEY AUTOINCREMENT,
         role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
         content TEXT NOT NULL,
         timestamp TEXT NOT NULL
       )`,
    );
  }

  async append(role: ChatRole, content: string): Promise<ChatMessage> {
    if (role !== "user" && role !== "assistant") throw new TypeError("role must be user or assistant");
    if (typeof content !== "string" || content.trim() === "") throw new TypeError("content must not be empty");
    const message: ChatMessage = { role, content, timestamp: new Date().toISOString() };
    this.sql.exec("INSERT INTO messages (role, content, timestamp) VALUES (?, ?, ?)", role, content, message.timestamp);
    return message;
  }

  async history(): Promise<ChatMessage[]> {
    return this.sql
      .exec<ChatMessage>("SELECT role, content, timestamp FROM messages ORDER BY seq")
      .toArray()
      .map((row) => ({ role: row.role, content: row.content, timestamp: row.timestamp }));
  }

  async clear(): Promise<void> {
    await this.ctx.storage.deleteAll();
    // deleteAll() drops the SQLite tables as well.
    this.ensureSchema();
  }
}

import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

// Fixed-window counters keyed by purpose and a salted hash of the client address.
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

import { sql } from "drizzle-orm";

// Timestamps are ISO-8601 UTC strings: sortable, readable in `wrangler d1 execute`, and what the
// auth API returns to clients.
export const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

import { is } from "drizzle-orm";
import { SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

/** Every table of the drizzle schema, for the checks that must cover them all. */
export const SCHEMA_TABLES = (Object.values(schema) as unknown[]).filter((value): value is SQLiteTable => is(value, SQLiteTable));

/** FTS5 virtual tables: created by migrations only (drizzle has no type for them), queried with SQL. */
export const FULL_TEXT_TABLES = ["content_search"] as const;

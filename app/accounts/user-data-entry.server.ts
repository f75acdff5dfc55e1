import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { RequestContext } from "~/context.server";
import type { users } from "~/db/schema";

// What a domain declares about each of its tables that holds user data, in its own
// app/<domain>/user-data.server.ts; user-data-registry.server.ts lists the domains, and data export
// and account deletion walk that list. This module imports no domain, so every domain can import it
// without making a cycle.

/** What export and erasure read and write through. */
export type UserDataContext = Pick<RequestContext, "db">;

/** The account whose data is exported or deleted: its users row. */
export type DataSubject = typeof users.$inferSelect;

export type Erasure = {
  // Run in the account-deletion batch, before the users row goes.
  statements: BatchItem<"sqlite">[];
  // Counts recorded in the user_deleted audit entry.
  auditDetail?: Record<string, number>;
};

export type UserDataEntry = {
  table: SQLiteTable;
  // Where the rows appear in "Download all my data". Left out for rows that are secrets or
  // short-lived sign-in state: not information the user gave us, and a risk if the file leaked.
  export?: { key: string; read: (context: UserDataContext, user: DataSubject) => Promise<unknown> };
  // What deleting the account does to the rows:
  // - "account": the users row itself, deleted last;
  // - "cascade": ON DELETE CASCADE removes them with the users row (the registry test checks the chain);
  // - { keep }: they stay as they are, for the reason given (the law, or nothing that identifies the person);
  // - a function: the statements that delete or anonymise them. Statements for a table run before
  //   those for the tables it references (deletion.server.ts orders them by foreign key).
  erase: "account" | "cascade" | { keep: string } | ((context: UserDataContext, user: DataSubject) => Promise<Erasure>);
};

import type { Db } from "~/db/client.server";
import { auditStatement, type AuditAction } from "~/auth/audit.server";

// An admin's action, audited with who, when, what and a diff, in the same batch as the change it
// records (so neither is written without the other). Values in the diff are what the admin changed:
// ids, statuses, titles, amounts — never passwords, tokens or a client's private notes; pass
// `redact` for fields whose old and new values must not be kept (only that they changed).

export type FieldChange = { from: unknown; to: unknown };

/** The fields whose values differ between two snapshots; a field in `redact` shows as changed without its values. */
export function diffFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  redact: readonly string[] = [],
): Record<string, FieldChange> {
  const changes: Record<string, FieldChange> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    const from = before?.[key] ?? null;
    const to = after?.[key] ?? null;
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    changes[key] = redact.includes(key) ? { from: "(hidden)", to: "(hidden)" } : { from, to };
  }
  return changes;
}

export type AdminAuditEntry = {
  action: AuditAction;
  actorId: string;
  /** What kind of thing the target is ("blog_post", "user", "failed_job"…) and its id. */
  targetType: string;
  targetId: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  redact?: readonly string[];
  /** Why, when the action asks for one (a role change, a disable). */
  reason?: string;
  ipHash?: string | null;
  /** A fixed id for an entry that must be written once however often the action is attempted (the second insert does nothing). */
  id?: string;
};

export function adminAuditStatement(db: Db, entry: AdminAuditEntry) {
  return auditStatement(db, {
    id: entry.id,
    action: entry.action,
    actorId: entry.actorId,
    targetId: entry.targetId,
    ipHash: entry.ipHash ?? null,
    detail: {
      targetType: entry.targetType,
      changes: diffFields(entry.before ?? null, entry.after ?? null, entry.redact),
      ...(entry.reason ? { reason: entry.reason } : {}),
    },
  });
}

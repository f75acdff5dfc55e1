import type { Db } from "~/db/client.server";
import { auditLog } from "~/db/schema";

export type AuditAction =
  | "login"
  | "login_failed"
  | "logout"
  | "user_signedup"
  | "token_refreshed"
  | "token_revoked"
  | "user_recovery_requested"
  | "user_updated_password"
  | "user_modified"
  | "factor_enrolled"
  | "factor_verified"
  | "factor_unenrolled"
  | "identity_unlinked"
  | "role_granted"
  | "role_revoked"
  | "user_deleted"
  // An admin (actor; none for the service-role key) invited the target to create an account (GoTrue's user_invited).
  | "user_invited"
  // An admin changed a lead's status, owner or notes (detail: the lead id and the field).
  | "lead_updated"
  // A coach or an admin cancelled or moved a booking, or recorded its outcome (detail: the booking id, times, outcome).
  | "booking_cancelled"
  | "booking_rescheduled"
  | "booking_outcome_set"
  // A coach's booking schedule was changed (hours, overrides, time off).
  | "booking_schedule_updated"
  // An admin refunded a booking or package payment (detail: the refund id and amount).
  | "payment_refunded"
  // An admin approved or declined a money-back guarantee request (detail: the decision and refund id).
  | "refund_request_decided"
  // A second ClarityAI subscription was cancelled and refunded at once (no actor: the webhook did it;
  // target: the user; detail: both subscription ids, the refund and its amount).
  | "subscription_duplicate_refunded"
  // An admin retried a coach's failed payout (target: the payout; detail: its status, attempt and Stripe ids before and after).
  | "coach_payout_retried"
  // A coach application was submitted or updated by its applicant (no actor), changed status (actor:
  // the admin, or none when the applicant withdrew; target: the account on approval) or got an
  // internal note (detail: the application id, the statuses).
  | "coach_application_submitted"
  | "coach_application_updated"
  | "coach_application_status_changed"
  | "coach_application_note_added"
  // A rejected or withdrawn application's CV was deleted at the end of its retention (no actor; detail:
  // the application id, the reason and the retention days). The row keeps the file's name.
  | "coach_application_cv_deleted"
  // A coach changed their public profile or photo, confirmed their ABN and GST registration, or
  // accepted the coach agreement or the RCTI agreement (detail: fields changed, versions, times).
  | "coach_profile_updated"
  | "coach_photo_updated"
  | "coach_abn_confirmed"
  | "coach_agreement_accepted"
  // An admin handed a leaving coach's upcoming sessions to another coach (target: each booking, and
  // the leaving coach for the whole handover; detail: both coach ids).
  | "coach_handover"
  // An admin read a coach's private notes on a client (target: the coach; detail: the client key and the reason given).
  | "coach_notes_read"
  // An admin created, edited or restored a revision of a blog post, case study or resource, or
  // published, unpublished, scheduled or unscheduled it (target: the item; detail: its type and the
  // diff). content_published without an actor: the cron published a scheduled item at its time.
  | "content_created"
  | "content_updated"
  | "content_restored"
  | "content_published"
  | "content_unpublished"
  | "content_scheduled"
  | "content_unscheduled"
  // An admin uploaded an image or file to the media library, changed its alt text, or deleted it
  // (target: the media asset; detail: type, size, dimensions, alt — never the file's contents).
  | "media_uploaded"
  | "media_updated"
  | "media_deleted"
  // An admin created, saved (a new revision), restored a revision of, published or unpublished a
  // learning module or lesson (target: the module or lesson id; detail: the fields changed).
  | "learning_module_created"
  | "learning_module_saved"
  | "learning_module_restored"
  | "learning_module_published"
  | "learning_module_unpublished"
  | "learning_lesson_created"
  | "learning_lesson_saved"
  | "learning_lesson_restored"
  | "learning_lesson_published"
  | "learning_lesson_unpublished"
  | "learning_question_added"
  | "learning_question_saved"
  | "learning_question_moved"
  | "learning_question_deleted"
  // An admin saved a service or location page's draft copy, restored a revision into it, published it
  // or discarded it (target: the page key, e.g. "service:strategic-planning"; detail: the fields changed).
  | "page_copy_saved"
  | "page_copy_restored"
  | "page_copy_published"
  | "page_copy_discarded"
  // An admin assigned, replied to or resolved an expert escalation (target: the escalation; the diff of its status and assignee, never the reply's text).
  | "escalation_assigned"
  | "escalation_replied"
  | "escalation_resolved"
  // An admin replayed or dismissed a Stripe event that failed to apply (target: the event id; detail: its type and status).
  | "stripe_event_replayed"
  | "stripe_event_dismissed"
  // An admin sent an email from the outbox again (target: the original outbox row; detail: the new row's id and the status before).
  | "email_resent"
  // An admin ended every session of a user, disabled (banned) or enabled their account (target: the user; detail: sessions ended, reason).
  | "user_signed_out_everywhere"
  | "user_disabled"
  | "user_enabled"
  // An admin removed a user's authenticator apps (a lost phone) and ended their sessions (target: the user; detail: counts, reason).
  | "user_two_step_removed";

export type AuditEntry = {
  action: AuditAction;
  actorId?: string | null;
  targetId?: string | null;
  ipHash?: string | null;
  detail?: Record<string, unknown>;
  /** A fixed id for an entry that must be written once however often its cause is replayed (a webhook event): the second insert does nothing. */
  id?: string;
};

/** Appends to the audit log. Ids only: no email addresses, passwords or tokens. */
export async function audit(db: Db, entry: AuditEntry) {
  await auditStatement(db, entry);
}

/** The audit entry's insert, for a batch that writes a change and its entry together (or neither). */
export function auditStatement(db: Db, entry: AuditEntry) {
  return db
    .insert(auditLog)
    .values({
      id: entry.id ?? crypto.randomUUID(),
      action: entry.action,
      actorId: entry.actorId ?? null,
      targetId: entry.targetId ?? null,
      ipHash: entry.ipHash ?? null,
      detail: JSON.stringify(entry.detail ?? {}),
    })
    .onConflictDoNothing({ target: auditLog.id });
}

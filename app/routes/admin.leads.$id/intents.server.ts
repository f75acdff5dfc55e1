import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { LEAD_STATUS_LABELS } from "~/leads/admin";
import { AssignLeadOwnerSchema, LEAD_INTENTS, SaveLeadNotesSchema, UpdateLeadStatusSchema, type LeadIntent } from "~/leads/admin-forms";
import { assignLeadOwner, saveLeadNotes, updateLeadStatus, type LeadActor, type LeadConsent } from "~/leads/admin.server";
import { redirectWithToast } from "~/platform/toast.server";
import { formatTimestamp } from "~/booking/time-zones";
import { parseForm } from "~/utils/forms";

// One lead for the admins: its consent in words, and one handler per form (`intent`).

const CONFIRMED_BY = { "email-link": " through the emailed link", "signed-in": " while signed in with this address" } as const;

/** Marketing consent in a sentence: confirmed or pending, when, and from which form. */
export function consentText(consent: LeadConsent): string {
  switch (consent.state) {
    case "confirmed": {
      const from = [consent.source, consent.requestedAt ? `asked ${formatTimestamp(consent.requestedAt)}` : null].filter(Boolean).join("; ");
      return `Confirmed ${formatTimestamp(consent.confirmedAt)}${consent.by ? CONFIRMED_BY[consent.by] : ""}${from ? ` (${from})` : ""}`;
    }
    case "pending":
      return `Pending: confirmation email sent ${formatTimestamp(consent.requestedAt)} (${consent.source}); its link works until ${formatTimestamp(consent.expiresAt)}`;
    case "not-confirmed":
      return `No: asked ${formatTimestamp(consent.requestedAt)} (${consent.source}), never confirmed`;
    case "none":
      return "No";
  }
}

type FieldName = "status" | "ownerId" | "notes";
export type ActionData = { intent: LeadIntent | null; errors: Partial<Record<FieldName | "form", string>> };

type IntentArgs = { context: AppLoadContext; leadId: string; formData: FormData; actor: LeadActor; here: string };

export const refused = (intent: LeadIntent | null, errors: ActionData["errors"]) => data<ActionData>({ intent, errors }, { status: 400 });

async function updateStatusAction({ context, leadId, formData, actor, here }: IntentArgs) {
  const parsed = parseForm(formData, UpdateLeadStatusSchema);
  if (!parsed.success) return refused("update-status", { status: parsed.errors.status ?? parsed.errors.form ?? "Choose a status from the list." });
  const { changed } = await updateLeadStatus(context.db, leadId, parsed.data.status, actor);
  const label = LEAD_STATUS_LABELS[parsed.data.status];
  return redirectWithToast(
    here,
    changed ? { title: "Status saved", description: `The lead is now ${label}.`, variant: "success" } : { title: `The lead was already ${label}` },
    context.env.SESSION_SECRET,
  );
}

async function assignOwnerAction({ context, leadId, formData, actor, here }: IntentArgs) {
  const parsed = parseForm(formData, AssignLeadOwnerSchema);
  if (!parsed.success) return refused("assign-owner", { ownerId: parsed.errors.ownerId ?? parsed.errors.form ?? "Choose an owner from the list." });
  const ownerId = parsed.data.ownerId || null;
  const { changed } = await assignLeadOwner(context.db, leadId, ownerId, actor);
  const title = !changed ? "The owner is unchanged" : ownerId ? "Owner assigned" : "The lead is now unassigned";
  return redirectWithToast(here, { title, variant: changed ? "success" : undefined }, context.env.SESSION_SECRET);
}

async function saveNotesAction({ context, leadId, formData, actor, here }: IntentArgs) {
  const parsed = parseForm(formData, SaveLeadNotesSchema);
  if (!parsed.success) return refused("save-notes", { notes: parsed.errors.notes ?? parsed.errors.form ?? "The notes couldn't be read." });
  const { changed } = await saveLeadNotes(context.db, leadId, parsed.data.notes, actor);
  return redirectWithToast(
    here,
    { title: changed ? "Notes saved" : "The notes are unchanged", variant: changed ? "success" : undefined },
    context.env.SESSION_SECRET,
  );
}

export const INTENT_ACTIONS: Record<LeadIntent, (args: IntentArgs) => Promise<Response | ReturnType<typeof refused>>> = {
  "update-status": updateStatusAction,
  "assign-owner": assignOwnerAction,
  "save-notes": saveNotesAction,
};

export function isIntent(value: FormDataEntryValue | null): value is LeadIntent {
  return typeof value === "string" && (LEAD_INTENTS as readonly string[]).includes(value);
}

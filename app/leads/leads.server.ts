import { data, type AppLoadContext, type HeadersFunction } from "@remix-run/cloudflare";
import { formConversionKey, recordConversion } from "~/attribution/conversions.server";
import type { RecordedConversionType } from "~/attribution/types";
import { eq, sql } from "drizzle-orm";
import type { AttributionRecord } from "~/attribution/types";
import { getAttribution } from "~/attribution/capture.server";
import type { Db } from "~/db/client.server";
import { leadActivities, leads, type LeadSource } from "~/db/schema";
import type { JobMessage } from "~/jobs/messages";
import { parseForm, type FieldErrors } from "~/utils/forms";
import { consentStatements, isOwnConfirmedAddress, sendConsentEmail } from "./consent.server";
import type { EnquiryDetails } from "./enquiry-details";
import { LeadFormSchema, type LeadFormValues } from "./lead-form";
import type { TranscriptRole } from "./transcript";
import { clientSource, consumeRateLimit, CONTACT_FORM_LIMIT, tooManyRequests } from "~/platform/rate-limit.server";
import { redirectWithToast } from "~/platform/toast.server";

type LeadField = "name" | "email" | "company" | "phone" | "businessType" | "message";
// What was typed comes back with the errors, so a page reloaded without JavaScript keeps it.
export type LeadActionData = { errors: FieldErrors<LeadFormValues>; values: Partial<Record<LeadField, string>> };

const LEAD_FIELDS: LeadField[] = ["name", "email", "company", "phone", "businessType", "message"];

type LeadSubmission = {
  request: Request;
  context: AppLoadContext;
  source: LeadSource;
  /** The conversion a stored lead counts as (SPEC §3), with the form's name in dedupe keys and its label in the report. */
  conversion: { type: RecordedConversionType; form: string; label: string };
  successToast: { title: string; description: string };
  /** Put before the message as it is stored, so the team sees which form it came from. */
  messagePrefix?: string;
};

/**
 * Handles a lead form post end to end: validation (400 with field errors, nothing stored), the
 * honeypot, the per-address rate limit (429), the D1 insert and the team notification job.
 */
export async function submitLead({ request, context, source, conversion, successToast, messagePrefix }: LeadSubmission) {
  const env = context.env;
  const url = new URL(request.url);
  const formData = await request.formData();
  const parsed = parseForm(formData, LeadFormSchema);
  const values = Object.fromEntries(LEAD_FIELDS.map((field) => [field, String(formData.get(field) ?? "").slice(0, 2000)])) as LeadActionData["values"];
  if (!parsed.success) return data<LeadActionData>({ errors: parsed.errors, values }, { status: 400 });

  const success = () => redirectWithToast(url.pathname, { ...successToast, variant: "success" }, env.SESSION_SECRET);
  // A filled honeypot is a bot: answer as if it worked and keep nothing.
  if (parsed.data.website) return success();

  const db = context.db;
  const limit = await consumeRateLimit(db, CONTACT_FORM_LIMIT, clientSource(request), env.SESSION_SECRET);
  if (!limit.allowed) {
    const refused = tooManyRequests(limit.retryAfterSeconds);
    return data<LeadActionData>({ values, errors: { form: refused.message } }, refused.init);
  }

  const { website: _honeypot, message: typed, ...contact } = parsed.data;
  const message = messagePrefix ? `${messagePrefix}${typed ? `\n\n${typed}` : ""}` : typed;
  const attribution = await getAttribution(context, request);
  const stored = await recordLeadActivity(context, { source, contact, message, pagePath: url.pathname, attribution });
  await recordLeadConversion(context, request, conversion, { email: contact.email, phone: contact.phone ?? null, details: [typed] }, attribution);
  await notifyTeam(context, stored);
  return success();
}

export type LeadContact = { name: string; email: string; company?: string | null; phone?: string | null; businessType?: string | null };

export type LeadActivityInput = {
  source: LeadSource;
  contact: LeadContact;
  message?: string | null;
  resourceSlug?: string | null;
  /**
   * Spam Act 2003: the form asked for marketing consent, and this is where (as the team reads it).
   * It is only asked for: consent is recorded once the address confirms it (consent.server.ts).
   */
  marketingConsentSource?: string | null;
  /** A Service Assistant conversation: its later messages update the same activity. */
  conversationKey?: string | null;
  /** The conversation's message now, and the earlier ones as the visitor's browser sent them. */
  conversation?: { history: TranscriptMessage[]; message: string } | null;
  pagePath?: string | null;
  attribution?: AttributionRecord | null;
};

type TranscriptMessage = { role: TranscriptRole; content: string };

export type StoredLeadActivity = { leadId: string; activityId: string; newActivity: boolean };

/** The details an enquiry gave, as stored with it: blanks left out. */
function detailsOf(contact: LeadContact, blank: (value: string | null | undefined) => string | null): EnquiryDetails {
  const details: EnquiryDetails = { name: contact.name.trim() };
  for (const field of ["company", "phone", "businessType"] as const) {
    const value = blank(contact[field]);
    if (value) details[field] = value;
  }
  return details;
}

/**
 * Stores an enquiry: the person's lead is created, or, when one with the same email exists, the
 * enquiry is added to it. What an enquiry says (its details too) is kept with the enquiry; it
 * changes the lead's details only when it comes from the person signed in with that address,
 * confirmed (then newer details replace older ones and a blank never wipes a known one), because
 * anyone can type anyone's address. A request for marketing consent is recorded and emailed to the
 * address to confirm (consent.server.ts). A Service Assistant conversation keeps one activity, to
 * which each later message is added. One D1 batch: all of it is stored or none.
 */
export async function recordLeadActivity(context: AppLoadContext, input: LeadActivityInput, at = new Date()): Promise<StoredLeadActivity> {
  const db = context.db;
  const now = at.toISOString();
  const email = input.contact.email.trim().toLowerCase();
  const blank = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
  const verified = await isOwnConfirmedAddress(context, email);
  const consent = input.marketingConsentSource
    ? await consentStatements(context, { email, source: input.marketingConsentSource, pagePath: input.pagePath ?? null, verified, at })
    : { statements: [], outboxId: null };
  const activityId = crypto.randomUUID();
  // The message this server received now; what came before is the browser's copy.
  const received = input.conversation ? { role: "user", content: input.conversation.message, origin: "server" } : null;
  const transcript = input.conversation
    ? JSON.stringify([...input.conversation.history.map(({ role, content }) => ({ role, content, origin: "browser" })), received])
    : null;
  const [, [activity]] = await db.batch([
    db
      .insert(leads)
      .values({
        id: crypto.randomUUID(),
        email,
        name: input.contact.name.trim(),
        company: blank(input.contact.company),
        phone: blank(input.contact.phone),
        businessType: blank(input.contact.businessType),
        source: input.source,
        createdAt: now,
        updatedAt: now,
        lastActivityAt: now,
      })
      .onConflictDoUpdate({
        target: leads.email,
        set: verified
          ? {
              name: sql`excluded.name`,
              company: sql`coalesce(excluded.company, ${leads.company})`,
              phone: sql`coalesce(excluded.phone, ${leads.phone})`,
              businessType: sql`coalesce(excluded.business_type, ${leads.businessType})`,
              updatedAt: now,
              lastActivityAt: now,
            }
          : { lastActivityAt: now },
      }),
    db
      .insert(leadActivities)
      .values({
        id: activityId,
        leadId: sql`(SELECT ${leads.id} FROM ${leads} WHERE ${leads.email} = ${email})`,
        source: input.source,
        message: blank(input.message),
        details: JSON.stringify(detailsOf(input.contact, blank)),
        resourceSlug: input.resourceSlug ?? null,
        conversationKey: input.conversationKey ?? null,
        transcript,
        pagePath: input.pagePath ?? null,
        attribution: input.attribution ? JSON.stringify(input.attribution) : null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [leadActivities.leadId, leadActivities.conversationKey],
        // The conversation goes on: the new message is added; nothing stored before is replaced.
        set: received ? { transcript: appended(received), updatedAt: now } : { updatedAt: now },
      })
      .returning({ id: leadActivities.id, leadId: leadActivities.leadId }),
    ...consent.statements,
  ]);
  if (!activity) throw new Error("leads: the activity was not stored");
  await sendConsentEmail(context, consent.outboxId);
  return { leadId: activity.leadId, activityId: activity.id, newActivity: activity.id === activityId };
}

/** The activity's transcript with one more message at the end. */
function appended(entry: { role: string; content: string; origin: string }) {
  return sql`json_insert(coalesce(${leadActivities.transcript}, '[]'), '$[#]', json(${JSON.stringify(entry)}))`;
}

/** Tells the team inbox about a new enquiry, through the queue. The enquiry is already stored: a failure to enqueue is logged. */
export async function notifyTeam(context: AppLoadContext, stored: StoredLeadActivity) {
  if (!stored.newActivity) return;
  const job: JobMessage = { type: "lead.notify", version: 1, leadId: stored.leadId, activityId: stored.activityId };
  try {
    await context.cloudflare.env.JOBS.send(job);
  } catch (error) {
    // The lead is safely stored and visible to admins; only the heads-up email is missed.
    console.error("leads: could not enqueue notification", error instanceof Error ? error.message : error);
  }
}

/**
 * Records the conversion of a stored lead with the browser session's attribution: once per person,
 * form and message a day (a retried submission counts once), and with the signed-in user, if any, so
 * it goes with their account. The lead is already stored: a failure here is logged, not shown.
 */
export async function recordLeadConversion(
  context: AppLoadContext,
  request: Request,
  conversion: LeadSubmission["conversion"],
  lead: { email: string; phone: string | null; details: (string | null | undefined)[] },
  attribution?: AttributionRecord | null,
) {
  try {
    const viewer = await context.viewer();
    await recordConversion(context, {
      type: conversion.type,
      dedupeKey: await formConversionKey(context.env.SESSION_SECRET, conversion.form, [lead.email, ...lead.details]),
      label: conversion.label,
      userId: viewer?.id ?? null,
      contact: { email: lead.email, phone: lead.phone },
      request,
      // Already read by the caller for the lead: not read again.
      ...(attribution === undefined ? {} : { attribution }),
    });
  } catch (error) {
    console.warn(`leads: could not record the ${conversion.form} conversion:`, error instanceof Error ? error.message : "unknown error");
  }
}

/** Route `headers` for lead forms: passes the action's headers (e.g. Retry-After) to the document. */
export const leadFormHeaders: HeadersFunction = ({ actionHeaders }) => actionHeaders;

/** Adds the reply the server wrote to a Service Assistant activity's transcript. */
export async function addLeadTranscriptReply(db: Db, activityId: string, reply: string, at = new Date()) {
  await db
    .update(leadActivities)
    .set({ transcript: appended({ role: "assistant", content: reply, origin: "server" }), updatedAt: at.toISOString() })
    .where(eq(leadActivities.id, activityId));
}

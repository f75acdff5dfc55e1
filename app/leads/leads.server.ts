import { data, type AppLoadContext, type HeadersFunction } from "@remix-run/cloudflare";
import { formConversionKey, recordConversion } from "~/attribution/conversions.server";
import type { RecordedConversionType } from "~/attribution/types";
import { leads, type LEAD_SOURCES } from "~/db/schema";
import type { JobMessage } from "~/jobs/messages";
import { parseForm, type FieldErrors } from "~/utils/forms";
import { LeadFormSchema, type LeadFormValues } from "./lead-form";
import { clientAddress, consumeRateLimit, CONTACT_FORM_LIMIT, tooManyRequests } from "~/platform/rate-limit.server";
import { redirectWithToast } from "~/platform/toast.server";

type LeadField = "name" | "email" | "company" | "phone" | "businessType" | "message";
// What was typed comes back with the errors, so a page reloaded without JavaScript keeps it.
export type LeadActionData = { errors: FieldErrors<LeadFormValues>; values: Partial<Record<LeadField, string>> };

const LEAD_FIELDS: LeadField[] = ["name", "email", "company", "phone", "businessType", "message"];

type LeadSubmission = {
  request: Request;
  context: AppLoadContext;
  source: (typeof LEAD_SOURCES)[number];
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
  const limit = await consumeRateLimit(db, CONTACT_FORM_LIMIT, clientAddress(request), env.SESSION_SECRET);
  if (!limit.allowed) {
    const refused = tooManyRequests(limit.retryAfterSeconds);
    return data<LeadActionData>({ values, errors: { form: refused.message } }, refused.init);
  }

  const { website: _honeypot, ...lead } = parsed.data;
  const id = crypto.randomUUID();
  const message = messagePrefix ? `${messagePrefix}${lead.message ? `\n\n${lead.message}` : ""}` : lead.message;
  await db.insert(leads).values({ id, source, ...lead, message });
  await recordLeadConversion(context, request, conversion, { email: lead.email, phone: lead.phone ?? null, details: [lead.message] });

  const job: JobMessage = { type: "lead.notify", version: 1, leadId: id };
  try {
    await context.cloudflare.env.JOBS.send(job);
  } catch (error) {
    // The lead is safely stored and visible to admins; only the heads-up email is missed.
    console.error("leads: could not enqueue notification", error instanceof Error ? error.message : error);
  }
  return success();
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
    });
  } catch (error) {
    console.warn(`leads: could not record the ${conversion.form} conversion:`, error instanceof Error ? error.message : "unknown error");
  }
}

/** Route `headers` for lead forms: passes the action's headers (e.g. Retry-After) to the document. */
export const leadFormHeaders: HeadersFunction = ({ actionHeaders }) => actionHeaders;

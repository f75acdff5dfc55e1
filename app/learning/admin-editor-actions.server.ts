import { data } from "@remix-run/cloudflare";
import type * as z from "zod";
import { notFoundResponse } from "~/auth/permissions.server";
import { redirectWithToast } from "~/platform/toast.server";
import { parseForm } from "~/utils/forms";
import { RevisionNumberSchema } from "./admin-schemas";
import { LearningAdminError } from "./admin.server";

// The parts the module and lesson editors' actions share: a refused save, restoring a revision and
// turning the domain's refusals into answers.

export type EditorActionData = { intent: string; errors: Record<string, string | undefined>; values?: Record<string, string> };

/** A save whose fields were refused: 400 with the errors and what was typed in the form's own fields (nothing else is echoed). */
export function refusedSave(form: FormData, schema: z.ZodObject<z.ZodRawShape>, errors: Record<string, string | undefined>) {
  const values = Object.fromEntries(Object.keys(schema.shape).map((name) => [name, String(form.get(name) ?? "")]));
  return data<EditorActionData>({ intent: "save", errors: { form: "Check the fields marked below.", ...errors }, values }, { status: 400 });
}

/** Restores the revision the form names (as a new revision) and returns to the editor with a toast. */
export async function restoreFromForm(form: FormData, here: string, secret: string, restore: (revision: number) => Promise<unknown>) {
  const parsed = parseForm(form, RevisionNumberSchema);
  if (!parsed.success) return data<EditorActionData>({ intent: "restore", errors: { form: parsed.errors.revision ?? "Choose a revision." } }, { status: 400 });
  await restore(parsed.data.revision);
  return redirectWithToast(
    here,
    { title: `Revision ${parsed.data.revision} restored`, description: "It was saved as a new revision.", variant: "success" },
    secret,
  );
}

/** A refusal of the learning admin as the editor's answer: an unknown item is the site's 404 (an unknown revision the form's error). */
export function editorFailure(error: unknown, intent: string) {
  if (!(error instanceof LearningAdminError)) throw error;
  if (error.status === 404 && intent !== "restore") throw notFoundResponse();
  return data<EditorActionData>({ intent, errors: { form: error.message } }, { status: error.status });
}

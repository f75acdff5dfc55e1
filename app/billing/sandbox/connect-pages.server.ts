import * as z from "zod";
import type { AppContext } from "~/context.server";
import { d1ObjectStore } from "./d1-store.server";
import { notFound, requireSandbox } from "./pages.server";
import { openAccountLink } from "./connect-api";

// The local payments sandbox's stand-in for Stripe's hosted Connect onboarding form. Only the
// signed-in coach whose account the link is for may open it; a used or expired link sends them to
// its refresh_url, as Stripe does.

export const SandboxOnboardingSchema = z.object({
  intent: z.enum(["submit", "later"], { message: "Choose Submit or Finish later." }),
  legalName: z.string().trim().min(2, "Enter your legal or business name.").max(120, "Use at most 120 characters."),
  bsb: z
    .string()
    .trim()
    .transform((value) => value.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "Enter a BSB of 6 digits, such as 000-000.")),
  accountNumber: z
    .string()
    .trim()
    .transform((value) => value.replace(/\s/g, ""))
    .pipe(z.string().regex(/^\d{5,9}$/, "Enter an account number of 5 to 9 digits.")),
  outcome: z.enum(["verified", "pending"], { message: "Choose what Stripe's check should find." }),
});

export type SandboxOnboardingField = "legalName" | "bsb" | "accountNumber" | "outcome";

/** The link, if the viewer may use it: the account it is for is theirs. */
export async function sandboxOnboardingLink(context: AppContext, viewerId: string, linkId: string) {
  requireSandbox(context);
  const store = d1ObjectStore(context.db);
  const now = () => Math.floor(context.services.clock.now().getTime() / 1000);
  const opened = linkId.length <= 64 ? await openAccountLink({ store, now, hostedPagesUrl: "", emit: () => {} }, linkId) : null;
  if (!opened) throw notFound();
  const account = await store.get(String(opened.link.account));
  const metadata = (account?.metadata ?? {}) as Record<string, string>;
  if (!account || metadata.coach_id !== viewerId) throw notFound();
  return { usable: opened.usable, refreshUrl: String(opened.link.refresh_url), email: (account.email as string | null) ?? null };
}

/** Submits the form: the account changes as Stripe would change it, and the events reach the webhook code. Answers where to go next. */
export async function submitSandboxOnboarding(context: AppContext, linkId: string, outcome: "verified" | "pending" | "incomplete"): Promise<string> {
  const controls = context.services.payments.sandbox();
  if (!controls) throw notFound();
  return controls.submitOnboarding(linkId, outcome);
}

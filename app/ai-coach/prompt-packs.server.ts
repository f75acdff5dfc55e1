import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles } from "~/db/schema";
import type { PromptPacks } from "./chat-types";
import { buildPromptPacks } from "./prompt-packs";

/** get-prompt-packs for this user: the templates, filled from what the profile knows (industry, business type). */
export async function getPromptPacks(db: Db, userId: string): Promise<PromptPacks> {
  const profile = await db.select({ industry: profiles.industry, businessType: profiles.businessType }).from(profiles).where(eq(profiles.userId, userId)).get();
  return buildPromptPacks(profile ?? null);
}

import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { profiles } from "~/db/schema";
import type { PromptPacks } from "./chat-types";
import { buildPromptPacks } from "./prompt-packs";

/** get-prompt-packs for this user: the templates, with the profile's industry filled in. */
export async function getPromptPacks(db: Db, userId: string): Promise<PromptPacks> {
  const profile = await db.select({ industry: profiles.industry }).from(profiles).where(eq(profiles.userId, userId)).get();
  return buildPromptPacks(profile?.industry ?? null);
}

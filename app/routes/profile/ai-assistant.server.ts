import type { AppLoadContext } from "@remix-run/cloudflare";
import { aiCoachStatus, ChatError, getConversation, listConversations } from "~/ai-coach/chat.server";
import type { AiCoachStatus, ConversationSummary, EscalationStatus, PromptPacks, StoredChatMessage } from "~/ai-coach/chat-types";
import { getPromptPacks } from "~/ai-coach/prompt-packs.server";
import type { Viewer } from "~/auth/web-sessions.server";
import { entitlementOf } from "~/billing/entitlement.server";
import { aiPlans, type AiPlan } from "~/billing/plans";
import { planSettings } from "~/billing/plans.server";

// The AI assistant tab's data: the viewer's plan and usage, and for subscribers the quick start
// prompts, their conversations and the one named in the URL (?c=…), read in-process from the chat
// domain. A conversation that isn't the viewer's (or no longer exists) is simply not opened.

export type AssistantOpenConversation = {
  conversation: ConversationSummary;
  messages: StoredChatMessage[];
  escalations: EscalationStatus[];
  /** A reply is still being written: the page follows it live. */
  streaming: boolean;
};

export type AssistantData = {
  status: AiCoachStatus;
  plans: AiPlan[];
  promptPacks: PromptPacks | null;
  conversations: ConversationSummary[];
  open: AssistantOpenConversation | null;
};

export async function loadAssistant(request: Request, context: AppLoadContext, viewer: Viewer): Promise<AssistantData> {
  const plans = aiPlans(planSettings(context.env));
  // The viewer carries the plan, so a subscriber's panel is read side by side with the usage meters.
  const subscribed = entitlementOf(viewer.aiSubscription ?? undefined, context.env.BILLING_GRACE_DAYS, new Date()).hasActiveSubscription;
  const requested = new URL(request.url).searchParams.get("c");
  const [status, promptPacks, conversations, open] = await Promise.all([
    aiCoachStatus(context, viewer.id, viewer.aiSubscription),
    // SPEC §8: a prompt pack that fails to load is logged only; the chat works without it.
    subscribed
      ? getPromptPacks(context.db, viewer.id).catch((error: unknown) => {
          console.error("ai assistant: prompt packs failed to load", error instanceof Error ? error.message : String(error));
          return null;
        })
      : null,
    subscribed ? listConversations(context, viewer.id) : [],
    subscribed && requested ? openConversation(context, viewer.id, requested) : null,
  ]);
  return { status, plans, promptPacks, conversations, open };
}

async function openConversation(context: AppLoadContext, userId: string, conversationId: string): Promise<AssistantOpenConversation | null> {
  try {
    return await getConversation(context, userId, conversationId);
  } catch (error) {
    if (error instanceof ChatError && error.status === 404) return null;
    throw error;
  }
}

import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { ConversationSummary } from "~/ai-coach/chat-types";
import { TIER_NAMES, type AiPlan } from "~/billing/plans";
import { deleteConversation, listConversations, renameConversation } from "~/components/ai-coach/chat-api";
import { CoachChat } from "~/components/ai-coach/coach-chat";
import { ConversationList } from "~/components/ai-coach/conversation-list";
import { chatErrorToast, useCoachChat } from "~/components/ai-coach/use-coach-chat";
import { useToast } from "~/components/toast/toaster";
import { formatAud } from "~/utils/format";
import type { AssistantData } from "./ai-assistant.server";

// /profile?tab=ai-assistant (SPEC §2 "AI assistant panel"): the chat for subscribers, with their
// past conversations beside it; the open conversation is kept in the URL (&c=…) so a reload opens
// it again, still streaming if its reply is. Everyone else sees the plans.

export function AiAssistantTab({ data }: { data: AssistantData }) {
  if (!data.status.hasActiveSubscription || !data.status.tier) return <SubscriptionRequired plans={data.plans} status={data.status.status} />;
  return <AssistantPanel data={data} tier={data.status.tier} />;
}

function AssistantPanel({ data, tier }: { data: AssistantData; tier: "lite" | "pro" }) {
  const { toast } = useToast();
  const open = data.open;
  const chat = useCoachChat({
    initial: open ? { conversationId: open.conversation.id, messages: open.messages, escalations: open.escalations } : null,
    initialStreaming: open?.streaming ?? false,
  });
  const [conversations, setConversations] = useState<ConversationSummary[]>(data.conversations);
  const panelRef = useRef<HTMLElement>(null);

  // On a phone the page opens on the conversation (the profile's heading and tabs are above it).
  useEffect(() => {
    if (window.matchMedia("(max-width: 640px)").matches) panelRef.current?.scrollIntoView({ block: "start" });
  }, []);

  // The open conversation in the address bar, without a navigation (the chat is already on screen).
  const { conversationId, busy } = chat;
  useEffect(() => {
    const url = new URL(window.location.href);
    if ((url.searchParams.get("c") ?? null) === conversationId) return;
    if (conversationId) url.searchParams.set("c", conversationId);
    else url.searchParams.delete("c");
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
  }, [conversationId]);

  // A new conversation, or a reply that has finished, changes the list's order, titles and counts.
  // The list is a convenience: if it can't be read, the chat goes on and it is read again after the next reply.
  const seen = useRef(new Set(data.conversations.map((c) => c.id)));
  const loaded = useRef(false);
  useEffect(() => {
    // The page came with the list.
    if (!loaded.current) {
      loaded.current = true;
      return;
    }
    if (busy && (!conversationId || seen.current.has(conversationId))) return;
    if (conversationId) seen.current.add(conversationId);
    listConversations().then(setConversations, () => undefined);
  }, [busy, conversationId]);

  async function rename(id: string, title: string) {
    try {
      const updated = await renameConversation(id, title);
      setConversations((list) => list.map((c) => (c.id === id ? updated : c)));
      return true;
    } catch (error) {
      toast(chatErrorToast(error));
      return false;
    }
  }

  async function remove(id: string) {
    try {
      await deleteConversation(id);
      setConversations((list) => list.filter((c) => c.id !== id));
      if (chat.conversationId === id) chat.reset();
      toast({ title: "Conversation deleted" });
      return true;
    } catch (error) {
      toast(chatErrorToast(error));
      return false;
    }
  }

  // The conversation comes first (on a phone it fills the screen below the site's header, and the
  // page opens on it); the conversation list is a sidebar beside it on wide screens, after it on
  // phones; the privacy note comes last.
  return (
    <section aria-labelledby="ai-heading" className="profile-panel coach-panel" ref={panelRef}>
      <div className="coach-panel-head">
        <h2 id="ai-heading">ClarityAI, your AI business coach</h2>
        <span className="coach-tier">{TIER_NAMES[tier]}</span>
      </div>
      <div className="coach-panel-layout">
        <div className="coach-panel-chat">
          <CoachChat
            chat={chat}
            tier={tier}
            promptPacks={data.promptPacks}
            escalations={data.status.escalations}
            usage={data.status.usage}
            onDeleted={(id) => setConversations((list) => list.filter((c) => c.id !== id))}
          />
        </div>
        <nav className="coach-history" aria-labelledby="coach-history-heading">
          <h3 id="coach-history-heading">Your conversations</h3>
          <ConversationList
            conversations={conversations}
            activeId={chat.conversationId}
            onOpen={(id) => void chat.open(id)}
            onRename={rename}
            onDelete={remove}
          />
        </nav>
      </div>
      <p className="coach-privacy">Your privacy: conversations are deleted automatically after 3 months.</p>
    </section>
  );
}

function SubscriptionRequired({ plans, status }: { plans: AiPlan[]; status: string }) {
  return (
    <section aria-labelledby="ai-heading" className="profile-panel coach-panel">
      <h2 id="ai-heading">Subscription Required</h2>
      <p>
        ClarityAI is our 24/7 AI business coach for Australian small businesses. Subscribe to chat with it any time about strategy, cash flow, operations,
        marketing and your team.
      </p>
      {status === "past_due" || status === "unpaid" || status === "canceled" ? (
        <p className="notice">Your ClarityAI subscription isn’t active. Check your plan and payment details on the Billing tab, or choose a plan again.</p>
      ) : null}
      <ul className="coach-plans">
        {plans.map((plan) => (
          <li key={plan.tier} className="coach-plan">
            <h3>{plan.name}</h3>
            <p className="coach-plan-price">
              {formatAud(plan.monthlyAud)}
              <span> a month, GST included</span>
            </p>
            <ul>
              <li>{plan.dailyMessages} messages a day</li>
              <li>
                Or {formatAud(plan.annualAud)} a year (pay for {Math.round(plan.annualAud / plan.monthlyAud)} months)
              </li>
              {plan.escalation ? (
                <li>Complex queries escalated to human experts ({plan.monthlyEscalations} a month)</li>
              ) : (
                <li>Quick start prompts for your industry</li>
              )}
            </ul>
          </li>
        ))}
      </ul>
      <div className="button-row">
        <Link to="/services#clarityai" className="button button-primary">
          View Plans
        </Link>
        <Link to="/services/clarityai" className="button button-secondary">
          Learn more about ClarityAI
        </Link>
      </div>
    </section>
  );
}

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ChatError, deleteConversation, DeleteSchema, getConversation, parseChatBody, renameConversation, RenameSchema } from "~/ai-coach/chat.server";
import { chatAction, chatJson, chatRoute } from "~/ai-coach/http.server";

// GET /ai-coach/conversations/:id: the conversation as JSON. POST { intent: "rename", title } or { intent: "delete" }.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return chatRoute(request, context, async (viewer) => chatJson(await getConversation(context, viewer.id, params.id ?? "")));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return chatAction(request, context, async (viewer, body) => {
    const intent = typeof body === "object" && body !== null && "intent" in body ? body.intent : undefined;
    if (intent === "rename") {
      const { title } = parseChatBody(RenameSchema, body);
      return chatJson({ conversation: await renameConversation(context, viewer.id, params.id ?? "", title) });
    }
    if (intent === "delete" && DeleteSchema.safeParse(body).success) {
      await deleteConversation(context, viewer.id, params.id ?? "");
      return new Response(null, { status: 204 });
    }
    throw new ChatError(400, "invalid_request", 'Send { "intent": "rename", "title": … } or { "intent": "delete" }.');
  });
}

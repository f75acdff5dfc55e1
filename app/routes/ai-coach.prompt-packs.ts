import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { chatJson, chatRoute } from "~/ai-coach/http.server";
import { getPromptPacks } from "~/ai-coach/prompt-packs.server";

// GET /ai-coach/prompt-packs: the quick-start prompts, filled in from the viewer's profile.
export async function loader({ request, context }: LoaderFunctionArgs) {
  return chatRoute(request, context, async (viewer) => chatJson({ promptPacks: await getPromptPacks(context.db, viewer.id) }));
}

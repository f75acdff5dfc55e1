import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireRole } from "~/auth/guards.server";
import { renderMarkdown } from "~/content/markdown.server";
import { MARKDOWN_MAX_LENGTH } from "~/content/admin/types";

// The editors' live preview: markdown in, the HTML the public page would show out — rendered by the
// same safe renderer (raw HTML shown as text, unsafe link schemes dropped). Admins only; nothing is saved.

export type PreviewData = { html: string } | { error: string };

export async function action({ request, context }: ActionFunctionArgs) {
  await requireRole(request, context, "admin");
  const formData = await request.formData();
  const markdown = formData.get("markdown");
  if (typeof markdown !== "string") return data<PreviewData>({ error: "Nothing to preview." }, { status: 400 });
  if (markdown.length > MARKDOWN_MAX_LENGTH) {
    return data<PreviewData>({ error: `The text is longer than ${MARKDOWN_MAX_LENGTH.toLocaleString("en-AU")} characters.` }, { status: 413 });
  }
  return data<PreviewData>({ html: renderMarkdown(markdown).html }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

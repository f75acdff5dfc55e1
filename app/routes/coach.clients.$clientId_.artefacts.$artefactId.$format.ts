import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { notFoundResponse } from "~/auth/permissions.server";
import { requireRole } from "~/auth/guards.server";
import { requireCoachClient } from "~/coach-network/clients.server";
import { isWorksheetFormat, worksheetDownload } from "~/learning/worksheets/exports.server";
import { getSharedArtefact } from "~/learning/worksheets/store.server";

// /coach/clients/{client}/artefacts/{artefact}/{format}: a worksheet a client shared with this coach,
// as the file (the snapshot they shared). Another coach's client, an artefact shared with someone
// else, or a format its kind doesn't export: the 404.

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireRole(request, context, "coach");
  const client = await requireCoachClient(context.db, viewer, params.clientId ?? "");
  const artefact = await getSharedArtefact(context.db, viewer.id, client.key, params.artefactId ?? "");
  const format = params.format ?? "";
  if (!artefact || !isWorksheetFormat(artefact.spec.kind, format)) throw notFoundResponse();
  return worksheetDownload(artefact.spec, artefact.answers, format, new Date(artefact.sharedAt));
}

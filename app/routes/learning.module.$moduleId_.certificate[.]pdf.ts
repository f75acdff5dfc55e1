import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/auth/guards.server";
import { notFoundResponse } from "~/auth/permissions.server";
import { certificatePdfResponse, findOwnCertificate, issueCertificate } from "~/learning/certificates.server";

// The learner's certificate of completion for a module, as a PDF: their own only. Not earned yet (or
// an unknown module) is the 404; earned but not yet issued is issued now (idempotent).
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireUser(request, context);
  const moduleId = params.moduleId ?? "";
  let certificate = await findOwnCertificate(context.db, viewer.id, moduleId);
  if (!certificate) {
    const issued = await issueCertificate(context.db, viewer.id, moduleId, context.services.clock.now());
    if (issued.status !== "issued") throw notFoundResponse({ headers: { "Cache-Control": "private, no-store" } });
    certificate = issued.certificate;
  }
  return certificatePdfResponse(certificate, certificate.moduleId, context.siteOrigin);
}

import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { requireFound } from "~/auth/permissions.server";
import { PageHero } from "~/components/page-hero";
import { findCertificate } from "~/learning/certificates.server";
import stylesHref from "~/styles/learning-module.css?url";
import { formatDate } from "~/utils/format";
import { NOINDEX, pageMeta } from "~/utils/meta";

// /certificates/{id}: anyone holding a certificate's code (an employer, a client) can check that it is
// genuine, without signing in. It shows only what the certificate itself shows: the name, the module
// and the date. An unknown code is the 404. Never indexed, never cached (a deleted account's
// certificate must stop verifying at once).

const NO_INDEX_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

export const headers: HeadersFunction = () => NO_INDEX_HEADERS;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesHref }];

export async function loader({ context, params }: LoaderFunctionArgs) {
  const certificate = requireFound(await findCertificate(context.db, params.certificateId), { headers: NO_INDEX_HEADERS });
  return {
    id: certificate.id,
    recipientName: certificate.recipientName,
    moduleTitle: certificate.moduleTitle,
    issuedOn: formatDate(certificate.issuedAt),
  };
}

export default function CertificateCheck() {
  const certificate = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero
        eyebrow="Certificate check"
        title="This certificate is valid"
        lead="ClarityAI Coaching issued this certificate of completion for one of its learning modules."
      />
      <section className="section" aria-labelledby="certificate-details-heading">
        <div className="container page-narrow">
          <div className="card certificate-check">
            <h2 id="certificate-details-heading">
              <span className="certificate-valid">✓ Valid</span> certificate of completion
            </h2>
            <dl>
              <div>
                <dt>Awarded to</dt>
                <dd>{certificate.recipientName}</dd>
              </div>
              <div>
                <dt>Module</dt>
                <dd>{certificate.moduleTitle}</dd>
              </div>
              <div>
                <dt>Completed on</dt>
                <dd>{certificate.issuedOn}</dd>
              </div>
              <div>
                <dt>Certificate ID</dt>
                <dd>{certificate.id}</dd>
              </div>
            </dl>
            <p className="course-muted">
              A certificate is awarded when a learner completes every lesson of the module and passes its quiz. It records learning, not a professional
              qualification.
            </p>
          </div>
          <p>
            <Link to="/services">About ClarityAI Coaching's business coaching</Link>
          </p>
        </div>
      </section>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  ...pageMeta(matches, {
    title: data ? `Certificate ${data.id}` : "Certificate check",
    description: "Check a ClarityAI Coaching certificate of completion.",
    path: data ? `/certificates/${data.id}` : "/certificates",
  }),
  NOINDEX,
];

import { data, redirect, redirectDocument, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { PageHero } from "~/components/page-hero";
import { Field } from "~/components/ui/field";
import { useToast } from "~/components/toast/toaster";
import { getAttribution } from "~/attribution/capture.server";
import { parseForm, type FieldErrors } from "~/utils/forms";
import { LEAD_LIMITS } from "~/leads/lead-fields";
import { findContentRedirect, getPublishedResource, listPublishedResources } from "~/content/queries.server";
import { pageMeta, siteOriginOf } from "~/utils/meta";
import { clientSource, consumeRateLimit, RESOURCE_DOWNLOAD_LIMIT, tooManyRequests } from "~/platform/rate-limit.server";
import { ResourceDownloadSchema } from "~/leads/resource-download";
import { recordLeadActivity, recordLeadConversion } from "~/leads/leads.server";
import { breadcrumbLd, structuredData } from "~/utils/structured-data";
import { builtResource, formatFileSize } from "~/content/resources/built-files";
import { RESOURCES } from "~/content/resources";
import { resolveResourceFiles } from "~/content/resource-files.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const rows = await listPublishedResources(context.db);
  const files = await resolveResourceFiles(
    context.db,
    rows.map((r) => r.filePath),
  );
  // A resource whose uploaded file was removed has nothing to download: it isn't offered.
  const resources = rows
    .filter((r) => files.get(r.filePath))
    .map((r) => {
      const built = builtResource(r.slug, r.filePath);
      const bytes = built?.bytes ?? files.get(r.filePath)?.bytes ?? null;
      return {
        slug: r.slug,
        title: r.title,
        description: r.description,
        // e.g. "PDF, 52 kB": the size of the file built for this release, or of the uploaded file.
        format: bytes !== null ? `${r.format}, ${formatFileSize(bytes)}` : r.format,
        preview: built ? { ...built.preview, alt: RESOURCES.find((seed) => seed.slug === r.slug)?.previewAlt ?? "" } : null,
      };
    });
  // Without JavaScript, "Download" links here with ?download=slug and the form is shown in the page.
  const requested = new URL(request.url).searchParams.get("download");
  if (requested && !resources.some((r) => r.slug === requested)) {
    // A link to a resource under a slug it had before moves permanently to the current one.
    const moved = await findContentRedirect(context.db, "resource", requested);
    if (moved) throw redirect(`/resources?download=${encodeURIComponent(moved.slug)}`, 301);
  }
  return { resources, selected: resources.find((r) => r.slug === requested)?.slug ?? null };
}

type DownloadErrors = FieldErrors<{ resource: string; name: string; email: string; marketingConsent: string }>;
type DownloadActionData = { errors: DownloadErrors; resource: string; download?: undefined } | { download: string; errors?: undefined; resource?: undefined };

export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.env;
  const db = context.db;
  const formData = await request.formData();
  // The dialog (JavaScript) asks for the file's address and starts the download itself; the plain
  // form is redirected to the file.
  const deliver = (url: string) => (formData.get("delivery") === "link" ? data<DownloadActionData>({ download: url }) : redirectDocument(url));
  const parsed = parseForm(formData, ResourceDownloadSchema);
  if (!parsed.success) return data<DownloadActionData>({ errors: parsed.errors, resource: "" }, { status: 400 });
  const { resource: slug, name, email, marketingConsent, website } = parsed.data;

  const resource = await getPublishedResource(db, slug);
  const file = resource ? (await resolveResourceFiles(db, [resource.filePath])).get(resource.filePath) : null;
  if (!resource || !file) return data<DownloadActionData>({ errors: { form: "That resource is no longer available." }, resource: slug }, { status: 400 });
  // A filled honeypot is a bot: hand over the file (it is public anyway) and keep nothing.
  if (website) return deliver(file.href);

  const limit = await consumeRateLimit(db, RESOURCE_DOWNLOAD_LIMIT, clientSource(request), env.SESSION_SECRET);
  if (!limit.allowed) {
    const refused = tooManyRequests(limit.retryAfterSeconds);
    return data<DownloadActionData>({ errors: { form: refused.message }, resource: slug }, refused.init);
  }

  const attribution = await getAttribution(context, request);
  await recordLeadActivity(context, {
    source: "resource",
    contact: { name, email },
    resourceSlug: resource.slug,
    // Spam Act 2003: a tick asks the address to confirm (double opt-in); no tick asks nothing.
    marketingConsentSource: marketingConsent ? `resources page download form: ${resource.slug}` : null,
    pagePath: "/resources",
    attribution,
  });
  // A download is a lead, and SPEC §3 has no type of its own for it: it counts as a contact-form
  // conversion, labelled with the resource so the report can tell downloads apart.
  await recordLeadConversion(
    context,
    request,
    { type: "CONTACT_FORM", form: "resource", label: `Resource download: ${resource.title}` },
    { email, phone: null, details: [resource.slug] },
    attribution,
  );
  return deliver(file.href);
}

export const headers = ({ actionHeaders }: { actionHeaders: Headers }) => actionHeaders;

function DownloadForm({ resource, errors, onSubmitted }: { resource: { slug: string; title: string }; errors?: DownloadErrors; onSubmitted?: () => void }) {
  const fetcher = useFetcher<DownloadActionData>();
  const navigation = useNavigation();
  const fieldErrors = fetcher.data?.errors ?? errors ?? {};
  const busy = fetcher.state !== "idle" || navigation.state === "submitting";
  const download = fetcher.data?.download;
  const delivered = useRef<string>();

  useEffect(() => {
    if (!download || delivered.current === download) return;
    delivered.current = download;
    // Files under /downloads/ are served as attachments: following the link saves the file.
    const link = document.createElement("a");
    link.href = download;
    link.download = "";
    link.click();
    onSubmitted?.();
  }, [download, onSubmitted]);

  const FormComponent = onSubmitted ? fetcher.Form : Form;
  const id = (name: string) => `download-${name}`;
  return (
    <FormComponent method="post" className="form" noValidate>
      <input type="hidden" name="resource" value={resource.slug} />
      {onSubmitted ? <input type="hidden" name="delivery" value="link" /> : null}
      {fieldErrors.form ? (
        <p className="form-error" role="alert">
          {fieldErrors.form}
        </p>
      ) : null}
      <Field id={id("name")} name="name" label="Name" error={fieldErrors.name} required>
        {(props) => <input {...props} autoComplete="name" maxLength={LEAD_LIMITS.name} />}
      </Field>
      <Field id={id("email")} name="email" label="Email" error={fieldErrors.email} required>
        {(props) => <input {...props} type="email" autoComplete="email" maxLength={LEAD_LIMITS.email} />}
      </Field>
      <div className="field field-checkbox">
        <input id={id("consent")} name="marketingConsent" type="checkbox" value="yes" />
        <label htmlFor={id("consent")}>Yes, email me practical tips and occasional offers from ClarityAI Coaching. I can unsubscribe at any time.</label>
      </div>
      <p className="hint">
        The download doesn&apos;t depend on ticking the box. If you tick it, we&apos;ll email you a link to confirm. See our{" "}
        <Link to="/privacy">privacy policy</Link>.
      </p>
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={id("website")}>Website</label>
        <input id={id("website")} name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? "Preparing…" : `Download ${resource.title}`}
      </button>
    </FormComponent>
  );
}

export default function Resources() {
  const { resources, selected } = useLoaderData<typeof loader>();
  const actionData = useActionData<DownloadActionData>();
  const { toast } = useToast();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState<{ slug: string; title: string } | null>(null);
  const inline = resources.find((r) => r.slug === (actionData?.resource || selected));

  useEffect(() => {
    if (open) dialogRef.current?.showModal();
  }, [open]);

  function close() {
    dialogRef.current?.close();
    setOpen(null);
  }

  return (
    <>
      <PageHero
        eyebrow="Free resources"
        title="Templates and checklists for busy owners"
        lead="Practical tools our coaches use with clients every week. Free to download — tell us where to send occasional tips if you'd like them."
        crumbs={[{ label: "Home", to: "/" }, { label: "Resources" }]}
      />
      <section className="section" aria-labelledby="resources-heading">
        <div className="container">
          <h2 id="resources-heading" className="visually-hidden">
            Downloads
          </h2>
          <ul className="grid grid-2 post-list">
            {resources.map((resource) => (
              <li key={resource.slug} className="card resource-card">
                {resource.preview ? (
                  <img
                    className="resource-preview"
                    src={resource.preview.src}
                    width={resource.preview.width}
                    height={resource.preview.height}
                    alt={resource.preview.alt}
                    loading="lazy"
                    decoding="async"
                  />
                ) : null}
                <p className="badge">{resource.format}</p>
                <h3>{resource.title}</h3>
                <p>{resource.description}</p>
                <Link
                  to={`/resources?download=${resource.slug}#download-form`}
                  className="button button-secondary"
                  preventScrollReset
                  onClick={(event) => {
                    event.preventDefault();
                    setOpen(resource);
                  }}
                >
                  Download<span className="visually-hidden"> {resource.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
      {inline ? (
        <section className="section section-mist" id="download-form" aria-labelledby="inline-download-heading">
          <div className="container page-narrow">
            <h2 id="inline-download-heading">Download: {inline.title}</h2>
            <DownloadForm resource={inline} errors={actionData?.errors} />
          </div>
        </section>
      ) : null}
      <dialog ref={dialogRef} className="dialog" aria-labelledby="dialog-heading" onClose={() => setOpen(null)}>
        {open ? (
          <>
            <div className="dialog-header">
              <h2 id="dialog-heading">Download: {open.title}</h2>
              <button type="button" className="toast-close" aria-label="Close" onClick={close}>
                <span aria-hidden="true">×</span>
              </button>
            </div>
            <DownloadForm
              key={open.slug}
              resource={open}
              onSubmitted={() => {
                close();
                toast({ title: "Your download has started", description: `${open.title} is on its way to your downloads folder.`, variant: "success" });
              }}
            />
          </>
        ) : null}
      </dialog>
    </>
  );
}

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: "Free Business Templates and Checklists",
    description:
      "Free downloads for Australian small-business owners: a 13-week cash-flow forecast, a 90-day action plan, an EOFY checklist and more from our coaches.",
    path: "/resources",
  }),
  ...structuredData([breadcrumbLd(siteOriginOf(matches), [{ label: "Home", to: "/" }, { label: "Resources" }], "/resources")]),
];

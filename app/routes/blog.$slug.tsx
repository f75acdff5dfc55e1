import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { ContentImage } from "~/components/content-image";
import { resolveContentImage } from "~/content/content-image.server";
import { findContentRedirect, getPublishedPost, relatedPosts } from "~/content/queries.server";
import { formatDate } from "~/utils/format";
import { readingMinutes, renderMarkdown } from "~/content/markdown.server";
import { NOT_FOUND_META, pageMeta, siteOriginOf } from "~/utils/meta";
import { blogPostingLd, breadcrumbLd, structuredData } from "~/utils/structured-data";
import { notFoundUnless } from "~/auth/permissions.server";
import { DISCOVERY_CALL_HREF } from "~/booking/flow-links";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const db = context.db;
  const slug = params.slug ?? "";
  const post = await getPublishedPost(db, slug);
  if (!post) {
    // A slug the post had before: its old address moves permanently to the current one.
    const moved = await findContentRedirect(db, "blog_post", slug);
    if (moved) throw redirect(`/blog/${moved.slug}`, 301);
  }
  notFoundUnless(post);
  const { html, headings } = renderMarkdown(post.body);
  return {
    post: {
      slug: post.slug,
      title: post.title,
      description: post.description,
      category: post.category,
      authorName: post.authorName,
      authorRole: post.authorRole,
      image: await resolveContentImage(db, post.image),
      publishedAt: post.publishedAt ?? post.createdAt,
      updatedAt: post.updatedAt,
    },
    html,
    headings,
    minutes: readingMinutes(post.body),
    related: await relatedPosts(db, post),
  };
}

export default function BlogPost() {
  const { post, html, headings, minutes, related } = useLoaderData<typeof loader>();
  return (
    <article className="post" aria-labelledby="post-title">
      <header className="page-hero">
        <div className="container page-narrow">
          <Breadcrumbs items={[{ label: "Home", to: "/" }, { label: "Blog", to: "/blog" }, { label: post.title }]} />
          <p className="eyebrow">{post.category}</p>
          <h1 id="post-title">{post.title}</h1>
          <p className="lead">{post.description}</p>
          <p className="post-meta">
            By <strong>{post.authorName}</strong>, {post.authorRole} · Published <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
            {post.updatedAt.slice(0, 10) !== post.publishedAt.slice(0, 10) ? (
              <>
                {" "}
                · Updated <time dateTime={post.updatedAt}>{formatDate(post.updatedAt)}</time>
              </>
            ) : null}{" "}
            · {minutes} min read
          </p>
        </div>
      </header>
      <div className="container page-narrow post-body">
        <ContentImage image={post.image} alt="" sizes="(min-width: 800px) 760px, 100vw" priority className="post-hero-image" />
        {headings.length > 2 ? (
          <nav aria-labelledby="toc-heading" className="toc">
            <h2 id="toc-heading">In this article</h2>
            <ol>
              {headings
                .filter((h) => h.level === 2)
                .map((h) => (
                  <li key={h.id}>
                    <a href={`#${h.id}`}>{h.text}</a>
                  </li>
                ))}
            </ol>
          </nav>
        ) : null}
        {/* Rendered on the server from content markdown with raw HTML disabled (markdown.server.ts). */}
        <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />
        <aside className="card post-cta" aria-labelledby="post-cta-heading">
          <h2 id="post-cta-heading">Want help putting this into practice?</h2>
          <p>Talk it through with an experienced coach on a free 20-minute discovery call — no cost, no obligation.</p>
          <Link to={DISCOVERY_CALL_HREF} className="button button-primary">
            Book Free 20-min Call
          </Link>
        </aside>
      </div>
      {related.length > 0 ? (
        <section className="section section-mist" aria-labelledby="related-heading">
          <div className="container">
            <h2 id="related-heading">Related articles</h2>
            <ul className="grid grid-3 post-list">
              {related.map((r) => (
                <li key={r.slug} className="card">
                  <p className="badge">{r.category}</p>
                  <h3>
                    <Link to={`/blog/${r.slug}`}>{r.title}</Link>
                  </h3>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return NOT_FOUND_META;
  const { post } = data;
  const path = `/blog/${post.slug}`;
  return [
    ...pageMeta(matches, { title: post.title, description: post.description, path }),
    { property: "article:published_time", content: post.publishedAt },
    { property: "article:modified_time", content: post.updatedAt },
    ...structuredData([
      blogPostingLd(siteOriginOf(matches), {
        title: post.title,
        description: post.description,
        path,
        author: post.authorName,
        publishedAt: post.publishedAt,
        updatedAt: post.updatedAt,
        image: post.image.ogUrl,
      }),
      breadcrumbLd(siteOriginOf(matches), [{ label: "Home", to: "/" }, { label: "Blog", to: "/blog" }, { label: post.title }], path),
    ]),
  ];
};

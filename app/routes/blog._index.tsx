import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { PageHero } from "~/components/page-hero";
import { ContentImage } from "~/components/content-image";
import { resolveContentImages } from "~/content/content-image.server";
import { BLOG_CATEGORY_BY_SLUG, listPublishedPosts } from "~/content/queries.server";
import { formatDate } from "~/utils/format";
import { pageMeta, siteOriginOf } from "~/utils/meta";
import { breadcrumbLd, structuredData } from "~/utils/structured-data";
import { Pagination } from "~/components/ui/pagination";
import { pageParam } from "~/utils/page-param";
import { notFoundResponse } from "~/auth/permissions.server";

function notFound(): never {
  throw notFoundResponse();
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const categorySlug = url.searchParams.get("category") ?? undefined;
  const page = pageParam(url);
  if (page === null) notFound();
  const category = categorySlug === undefined ? undefined : BLOG_CATEGORY_BY_SLUG.get(categorySlug);
  if (categorySlug !== undefined && !category) notFound();

  const result = await listPublishedPosts(context.db, { page, category });
  if (page > result.pageCount) notFound();
  const images = await resolveContentImages(
    context.db,
    result.posts.map((post) => post.image),
  );
  return {
    ...result,
    posts: result.posts.map((post, index) => ({ ...post, image: images[index]! })),
    page,
    category: category && categorySlug ? { slug: categorySlug, name: category } : null,
    categories: [...BLOG_CATEGORY_BY_SLUG].map(([slug, name]) => ({ slug, name })),
  };
}

function listHref(categorySlug: string | undefined, page: number) {
  const params = new URLSearchParams();
  if (categorySlug) params.set("category", categorySlug);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/blog?${query}` : "/blog";
}

export default function BlogIndex() {
  const { posts, page, pageCount, category, categories } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero
        eyebrow="Blog"
        title={category ? `${category.name} articles` : "Practical advice for Australian business owners"}
        lead="Straight-talking guides from our coaches on cash flow, pricing, systems, people and using AI well — written for owners who are short on time."
        crumbs={[{ label: "Home", to: "/" }, { label: "Blog", to: category ? "/blog" : undefined }, ...(category ? [{ label: category.name }] : [])]}
      />
      <section className="section" aria-labelledby="posts-heading">
        <div className="container">
          <h2 id="posts-heading" className="visually-hidden">
            Articles
          </h2>
          <nav aria-label="Blog categories" className="filter-bar">
            <ul>
              <li>
                <Link to="/blog" aria-current={category ? undefined : "page"} className="chip">
                  All
                </Link>
              </li>
              {categories.map((c) => (
                <li key={c.slug}>
                  <Link to={listHref(c.slug, 1)} aria-current={category?.slug === c.slug ? "page" : undefined} className="chip">
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {posts.length === 0 ? (
            <p>No articles here yet — try another category.</p>
          ) : (
            <ul className="grid grid-3 post-list">
              {posts.map((post, index) => (
                <li key={post.slug} className="card post-card">
                  <ContentImage
                    image={post.image}
                    alt=""
                    sizes="(min-width: 1200px) 370px, (min-width: 700px) 50vw, 100vw"
                    priority={index === 0}
                    className="post-card-image"
                  />
                  <p className="badge">{post.category}</p>
                  <h3>
                    <Link to={`/blog/${post.slug}`}>{post.title}</Link>
                  </h3>
                  <p>{post.description}</p>
                  <p className="post-meta">
                    {post.authorName} · <time dateTime={post.publishedAt ?? undefined}>{post.publishedAt ? formatDate(post.publishedAt) : ""}</time>
                  </p>
                </li>
              ))}
            </ul>
          )}
          <Pagination
            page={page}
            pageCount={pageCount}
            href={(n) => listHref(category?.slug, n)}
            previousLabel="← Newer articles"
            nextLabel="Older articles →"
          />
          <p className="rss-link">
            <a href="/blog/rss.xml">Subscribe with RSS</a>
          </p>
        </div>
      </section>
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: "Page not found | ClarityAI Coaching" }];
  const pageSuffix = data.page > 1 ? ` — page ${data.page}` : "";
  const title = data.category ? `${data.category.name} articles for small business${pageSuffix}` : `Business Coaching Blog${pageSuffix}`;
  const crumbs = [{ label: "Home", to: "/" }, { label: "Blog", to: "/blog" }, ...(data.category ? [{ label: data.category.name }] : [])];
  const path = listHref(data.category?.slug, data.page);
  return [
    ...pageMeta(matches, {
      title,
      description: data.category
        ? `${data.category.name} advice for Australian small-business owners from experienced business coaches.`
        : "Practical guides on cash flow, pricing, systems, hiring and AI for Australian small-business owners, from the coaches at ClarityAI Coaching.",
      path,
    }),
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: "ClarityAI Coaching blog", href: "/blog/rss.xml" },
    ...structuredData([breadcrumbLd(siteOriginOf(matches), crumbs, path)]),
  ];
};

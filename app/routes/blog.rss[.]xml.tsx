import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { allPublishedPosts } from "~/content/queries.server";
import { SITE_NAME } from "~/utils/meta";
import { escapeXml } from "~/utils/xml";

export async function loader({ context }: LoaderFunctionArgs) {
  const posts = await allPublishedPosts(context.db);
  const items = posts
    .map((post) => {
      const url = `${context.siteOrigin}/blog/${post.slug}`;
      return `    <item>
      <title>${escapeXml(post.title)}</title>
      <link>${url}</link>
      <guid isPermaLink="true">${url}</guid>
      <description>${escapeXml(post.description)}</description>
      <category>${escapeXml(post.category)}</category>
      <author>hello@clarityai.com.au (${escapeXml(post.authorName)})</author>
      <pubDate>${new Date(post.publishedAt ?? post.createdAt).toUTCString()}</pubDate>
    </item>`;
    })
    .join("\n");
  const lastBuild = posts[0] ? new Date(posts[0].updatedAt).toUTCString() : new Date(0).toUTCString();
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(SITE_NAME)} blog</title>
    <link>${context.siteOrigin}/blog</link>
    <atom:link href="${context.siteOrigin}/blog/rss.xml" rel="self" type="application/rss+xml" />
    <description>Practical advice for Australian small-business owners from the coaches at ${escapeXml(SITE_NAME)}.</description>
    <language>en-AU</language>
    <lastBuildDate>${lastBuild}</lastBuildDate>
${items}
  </channel>
</rss>
`;
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=900" },
  });
}

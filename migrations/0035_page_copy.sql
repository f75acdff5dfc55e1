-- The copy of the service and location pages that is content (hero headline and lead, intro
-- paragraphs, FAQs), edited at /admin/pages. Prices, contact details and other constants stay in
-- code (app/content/services.ts, locations.ts), which is also the copy's first version: the seed
-- inserts each page's row from it (INSERT OR IGNORE) and a page without a row shows it as it is.
-- key: "service:<slug>" | "location:<slug>". fields is the published copy (JSON, the page kind's
-- editable fields), draft the admin's working copy; status 'draft' says draft has changes that are
-- not published yet, 'published' that the two are the same. Publishing copies draft to fields and
-- bumps the content version. updated_by holds a staff user id without a foreign key, as
-- audit_log.actor_id does.
CREATE TABLE page_copy (
  key TEXT PRIMARY KEY NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('service', 'location')),
  slug TEXT NOT NULL,
  title TEXT NOT NULL,
  fields TEXT NOT NULL,
  draft TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'published' CHECK (status IN ('draft', 'published')),
  published_at TEXT,
  updated_by TEXT,
  updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE UNIQUE INDEX page_copy_kind_slug_unique ON page_copy (kind, slug);

-- Content may be scheduled (0031 added scheduled_at and the 'scheduled' status), but the tables of
-- 0002 still CHECK status IN ('draft', 'published'), so a scheduled item could not be stored. SQLite
-- can't change a CHECK in place: each table is rebuilt with the same columns, data and indexes and
-- the three statuses. Nothing references these tables by foreign key.

CREATE TABLE blog_posts_new (
  id TEXT PRIMARY KEY NOT NULL,
  slug TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  category TEXT NOT NULL,
  author_name TEXT NOT NULL,
  author_role TEXT NOT NULL,
  body TEXT NOT NULL,
  image TEXT NOT NULL,
  status TEXT DEFAULT 'draft' NOT NULL CHECK (status IN ('draft', 'scheduled', 'published')),
  published_at TEXT,
  created_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  updated_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  scheduled_at TEXT,
  CHECK (status != 'scheduled' OR scheduled_at IS NOT NULL)
);
INSERT INTO blog_posts_new (id, slug, title, description, category, author_name, author_role, body, image, status, published_at, created_at, updated_at, scheduled_at)
  SELECT id, slug, title, description, category, author_name, author_role, body, image, status, published_at, created_at, updated_at, scheduled_at FROM blog_posts;
DROP TABLE blog_posts;
ALTER TABLE blog_posts_new RENAME TO blog_posts;
CREATE UNIQUE INDEX blog_posts_slug_unique ON blog_posts (slug);
CREATE INDEX blog_posts_published_idx ON blog_posts (status, published_at);
CREATE INDEX blog_posts_scheduled_idx ON blog_posts (status, scheduled_at);

CREATE TABLE case_studies_new (
  id TEXT PRIMARY KEY NOT NULL,
  slug TEXT NOT NULL,
  industry TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  client TEXT NOT NULL,
  location TEXT NOT NULL,
  challenge TEXT NOT NULL,
  approach TEXT NOT NULL,
  results TEXT DEFAULT '[]' NOT NULL,
  quote_text TEXT,
  quote_attribution TEXT,
  image TEXT NOT NULL,
  status TEXT DEFAULT 'draft' NOT NULL CHECK (status IN ('draft', 'scheduled', 'published')),
  published_at TEXT,
  created_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  updated_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  scheduled_at TEXT,
  CHECK (status != 'scheduled' OR scheduled_at IS NOT NULL)
);
INSERT INTO case_studies_new (id, slug, industry, title, description, client, location, challenge, approach, results, quote_text, quote_attribution, image, status, published_at, created_at, updated_at, scheduled_at)
  SELECT id, slug, industry, title, description, client, location, challenge, approach, results, quote_text, quote_attribution, image, status, published_at, created_at, updated_at, scheduled_at FROM case_studies;
DROP TABLE case_studies;
ALTER TABLE case_studies_new RENAME TO case_studies;
CREATE UNIQUE INDEX case_studies_slug_unique ON case_studies (slug);
CREATE INDEX case_studies_industry_idx ON case_studies (industry, status);
CREATE INDEX case_studies_scheduled_idx ON case_studies (status, scheduled_at);

CREATE TABLE resources_new (
  id TEXT PRIMARY KEY NOT NULL,
  slug TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  file_path TEXT NOT NULL,
  format TEXT NOT NULL,
  status TEXT DEFAULT 'draft' NOT NULL CHECK (status IN ('draft', 'scheduled', 'published')),
  published_at TEXT,
  created_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  updated_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  scheduled_at TEXT,
  CHECK (status != 'scheduled' OR scheduled_at IS NOT NULL)
);
INSERT INTO resources_new (id, slug, title, description, file_path, format, status, published_at, created_at, updated_at, scheduled_at)
  SELECT id, slug, title, description, file_path, format, status, published_at, created_at, updated_at, scheduled_at FROM resources;
DROP TABLE resources;
ALTER TABLE resources_new RENAME TO resources;
CREATE UNIQUE INDEX resources_slug_unique ON resources (slug);
CREATE INDEX resources_scheduled_idx ON resources (status, scheduled_at);

-- Site content (blog posts, case studies, resources) and resource-download consent on leads.
CREATE TABLE blog_posts (
  id TEXT PRIMARY KEY NOT NULL,
  slug TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  category TEXT NOT NULL,
  author_name TEXT NOT NULL,
  author_role TEXT NOT NULL,
  body TEXT NOT NULL,
  image TEXT NOT NULL,
  status TEXT DEFAULT 'draft' NOT NULL CHECK (status IN ('draft', 'published')),
  published_at TEXT,
  created_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  updated_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
CREATE UNIQUE INDEX blog_posts_slug_unique ON blog_posts (slug);
CREATE INDEX blog_posts_published_idx ON blog_posts (status, published_at);

CREATE TABLE case_studies (
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
  status TEXT DEFAULT 'draft' NOT NULL CHECK (status IN ('draft', 'published')),
  published_at TEXT,
  created_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  updated_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
CREATE UNIQUE INDEX case_studies_slug_unique ON case_studies (slug);
CREATE INDEX case_studies_industry_idx ON case_studies (industry, status);

CREATE TABLE resources (
  id TEXT PRIMARY KEY NOT NULL,
  slug TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  file_path TEXT NOT NULL,
  format TEXT NOT NULL,
  status TEXT DEFAULT 'draft' NOT NULL CHECK (status IN ('draft', 'published')),
  published_at TEXT,
  created_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  updated_at TEXT DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL
);
CREATE UNIQUE INDEX resources_slug_unique ON resources (slug);

-- Which resource a lead downloaded, and their marketing consent (Spam Act 2003): when and where
-- it was given. NULL consent_at means no consent was given.
ALTER TABLE leads ADD COLUMN resource_slug TEXT;
ALTER TABLE leads ADD COLUMN marketing_consent_at TEXT;
ALTER TABLE leads ADD COLUMN marketing_consent_source TEXT;

// The cities that have an AI-coach page at /clarityai/{city} (SPEC §2). Kept apart from the pages'
// copy so the location pages can link to them without importing it.
export const CLARITYAI_CITY_SLUGS = [
  "sydney",
  "melbourne",
  "brisbane",
  "perth",
  "adelaide",
  "canberra",
  "darwin",
  "hobart",
  "gold-coast",
  "newcastle",
  "wollongong",
  "geelong",
] as const;

import { ROUTE_ACCESS } from "~/auth/route-access";
import type { Role } from "~/db/schema";

// A signed-in user sent to /auth because a page needs a role they do not hold (SPEC §6). The page
// they wanted decides which role that is, read from the route table, never from the URL's hint.

/** What the page behind a role is called, who it is for, and how to get that role (if one can ask). */
export const ROLE_PAGES: Record<Role, { page: string; audience: string; account: string; apply?: { href: string; label: string } }> = {
  coach: { page: "The Coach Portal", audience: "coaches", account: "a coach account", apply: { href: "/become-coach", label: "Apply to become a coach" } },
  admin: { page: "The admin area", audience: "administrators", account: "an administrator account" },
  client: { page: "This page", audience: "ClarityAI Coaching clients", account: "a client account" },
};

export type Denial = { role: Role; email: string };

/** The first path segments of the role-guarded routes ("routes/admin.users" → ["admin", "users"]). */
const ROLE_ROUTES = Object.entries(ROUTE_ACCESS).flatMap(([id, access]) =>
  typeof access === "object"
    ? [
        {
          segments: id
            .replace(/^routes\//, "")
            .split(".")
            .filter((s) => s !== "_index"),
          role: access.role,
        },
      ]
    : [],
);

/**
 * The role a path on this site needs, or null. A guarded layout guards every page under it, so a
 * route's segments need only match the start of the path ("$param" matches any one segment).
 */
export function requiredRole(path: string): Role | null {
  // Routes match case-insensitively and on decoded segments: "/COACH" and "/%63oach" are the Coach Portal too.
  const segments = new URL(path, "https://site.invalid").pathname
    .split("/")
    .filter(Boolean)
    .map((s) => {
      try {
        return decodeURIComponent(s).toLowerCase();
      } catch {
        return s.toLowerCase();
      }
    });
  const route = ROLE_ROUTES.find((r) => r.segments.length <= segments.length && r.segments.every((s, i) => s.startsWith("$") || s === segments[i]));
  return route?.role ?? null;
}

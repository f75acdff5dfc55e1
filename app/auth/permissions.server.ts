import type { Role } from "~/db/schema";

// Ownership guards for rows a viewer may only see when they are theirs (a conversation, a meeting,
// a client's notes). Anything the viewer may not see answers exactly like a row that does not
// exist: a 404 with the same body as the routes' own "no such row" 404s, which the root
// ErrorBoundary shows as the Not Found page. A 403 would confirm to a stranger that the id is real.
//
// Route guards (requireUser, requireRole) run first; these helpers then decide per row:
//
//   const viewer = await requireUser(request, context);
//   const meeting = requireOwned(viewer, await findMeeting(db, params.meetingId), (m) => [m.coachId, m.clientId]);

/** The part of the signed-in viewer these rules need; `Viewer` from web-sessions.server fits it. */
export type PermissionViewer = { readonly id: string; readonly roles: readonly Role[] };

/** Who owns a row: one user id, or several (the coach and the client of a meeting, say). */
export type OwnerIds = string | null | undefined | readonly (string | null | undefined)[];

export type OwnershipOptions = {
  /**
   * Lets admins see rows they do not own. Off unless asked for: an admin reading a client's private
   * data should be a decision made (and reviewable) at the call site, not a side effect.
   */
  allowAdmin?: boolean;
};

/** The 404 every ownership guard throws, the same as a route's own 404 for a missing row. */
export function notFoundResponse(): Response {
  return new Response("Not Found", { status: 404 });
}

/** Throws the 404 unless `condition` holds; narrows `condition` for the code after it. */
export function notFoundUnless(condition: unknown): asserts condition {
  if (!condition) throw notFoundResponse();
}

/** Whether this viewer may see this row: they own it, or they are an admin and admins are allowed. */
export function canSee<T>(
  viewer: PermissionViewer | null | undefined,
  row: T | null | undefined,
  ownerOf: (row: T) => OwnerIds,
  options: OwnershipOptions = {},
): boolean {
  if (!viewer || row === null || row === undefined) return false;
  if (options.allowAdmin === true && viewer.roles.includes("admin")) return true;
  const owners = ownerOf(row);
  const ids = typeof owners === "string" || owners === null || owners === undefined ? [owners] : owners;
  // An empty or missing owner id matches nobody, not even a viewer whose id were somehow empty.
  return ids.some((id) => typeof id === "string" && id !== "" && id === viewer.id);
}

/**
 * Returns the row when the viewer may see it; otherwise throws the 404, whether the row is missing,
 * belongs to someone else or there is no viewer at all, so the three cannot be told apart.
 */
export function requireOwned<T>(
  viewer: PermissionViewer | null | undefined,
  row: T | null | undefined,
  ownerOf: (row: T) => OwnerIds,
  options: OwnershipOptions = {},
): T {
  if (row === null || row === undefined || !canSee(viewer, row, ownerOf, options)) throw notFoundResponse();
  return row;
}

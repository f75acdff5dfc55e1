import type { Role } from "~/db/schema";

// Ownership guards for rows a viewer may only see when they are theirs (a conversation, a meeting,
// a client's notes, a tax invoice). Anything the viewer may not see answers exactly like a row that
// does not exist: a 404 with the same body as every route's "no such row" 404, which the section's
// (or the root's) ErrorBoundary shows as the Not Found page. A 403 would confirm to a stranger that
// the id is real.
//
// Route guards (requireUser, requireRole) run first; these helpers then decide per row:
//
//   const viewer = await requireUser(request, context);
//   const meeting = requireMeetingParticipant(viewer, await findMeeting(context.db, params.meetingId));
//
// A route never builds its own 404: it throws notFoundResponse(), or lets one of these throw it.

/** The part of the signed-in viewer these rules need; `Viewer` from web-sessions.server fits it. */
export type PermissionViewer = { readonly id: string; readonly roles: readonly Role[]; readonly email?: string | null };

/** Who owns a row: one user id, or several (the coach and the client of a meeting, say). */
export type OwnerIds = string | null | undefined | readonly (string | null | undefined)[];

export type OwnershipOptions = {
  /**
   * Lets admins see rows they do not own. Off unless asked for: an admin reading a client's private
   * data should be a decision made (and reviewable) at the call site, not a side effect.
   */
  allowAdmin?: boolean;
};

/**
 * The 404 every guard throws, the same for a row that is missing, someone else's or unreachable.
 * `headers` only adds to it (a private document's Cache-Control, say); the status and body never change.
 */
export function notFoundResponse(init: { headers?: HeadersInit } = {}): Response {
  return new Response("Not Found", { status: 404, headers: init.headers });
}

/** Throws the 404 unless `condition` holds; narrows `condition` for the code after it. */
export function notFoundUnless(condition: unknown, init?: { headers?: HeadersInit }): asserts condition {
  if (!condition) throw notFoundResponse(init);
}

/** The row, or the 404 when there is none: for rows every viewer of the route may see (admins' lists, public content). */
export function requireFound<T>(row: T | null | undefined, init?: { headers?: HeadersInit }): T {
  if (row === null || row === undefined) throw notFoundResponse(init);
  return row;
}

function isAdminLetThrough(viewer: PermissionViewer, options: OwnershipOptions): boolean {
  return options.allowAdmin === true && viewer.roles.includes("admin");
}

/** Whether this viewer may see this row: they own it, or they are an admin and admins are allowed. */
export function canSee<T>(
  viewer: PermissionViewer | null | undefined,
  row: T | null | undefined,
  ownerOf: (row: T) => OwnerIds,
  options: OwnershipOptions = {},
): boolean {
  if (!viewer || row === null || row === undefined) return false;
  if (isAdminLetThrough(viewer, options)) return true;
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

/**
 * A row that belongs to an account, or — made before its owner had an account (a guest's booking or
 * payment) — to the email address it was made with. The address counts only while no account holds
 * the row: once it has one, the account decides.
 */
export type AccountOrAddress = { readonly userId: string | null; readonly email: string | null };

/** Whether the viewer holds the row by its account, or by the address a guest made it with. */
export function holdsByAccountOrAddress(viewer: PermissionViewer | null | undefined, holder: AccountOrAddress): boolean {
  if (!viewer) return false;
  if (holder.userId !== null) return holder.userId !== "" && holder.userId === viewer.id;
  return Boolean(holder.email && viewer.email && holder.email.toLowerCase() === viewer.email.toLowerCase());
}

/** The row when the viewer holds it (holdsByAccountOrAddress), or the 404. */
export function requireHolder<T>(
  viewer: PermissionViewer | null | undefined,
  row: T | null | undefined,
  holderOf: (row: T) => AccountOrAddress,
  init?: { headers?: HeadersInit },
): T {
  if (row === null || row === undefined || !holdsByAccountOrAddress(viewer, holderOf(row))) throw notFoundResponse(init);
  return row;
}

/**
 * A meeting belongs to a booking (it has the booking's id): its participants are the booking's coach
 * and its client, the client by account or, for a guest's booking, by the address booked with.
 */
export type MeetingParticipants = { readonly coachId: string; readonly clientId: string | null; readonly email: string | null };

/** The meeting when the viewer is its coach or its client; otherwise the 404, admins included unless allowed. */
export function requireMeetingParticipant<T extends MeetingParticipants>(
  viewer: PermissionViewer | null | undefined,
  meeting: T | null | undefined,
  options: OwnershipOptions = {},
): T {
  if (!viewer || meeting === null || meeting === undefined) throw notFoundResponse();
  const participant =
    isAdminLetThrough(viewer, options) ||
    (meeting.coachId !== "" && meeting.coachId === viewer.id) ||
    holdsByAccountOrAddress(viewer, { userId: meeting.clientId, email: meeting.email });
  if (!participant) throw notFoundResponse();
  return meeting;
}

/** A client as the coach portal sees them: who they are and the coaches they have booked. */
export type CoachedClient = { readonly id: string; readonly coachIds: readonly string[] };

/**
 * The client when the viewer is one of their coaches (the client has booked them); otherwise the
 * 404, so a coach cannot learn whether someone else's client exists.
 */
export function requireCoachOf<T extends CoachedClient>(
  viewer: PermissionViewer | null | undefined,
  client: T | null | undefined,
  options: OwnershipOptions = {},
): T {
  return requireOwned(viewer, client, (row) => row.coachIds, options);
}

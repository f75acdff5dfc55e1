// Limits the coach network's admin pages show beside their fields; the forms' schemas
// (schemas.server.ts) enforce them.

/** The shortest reason an admin may give for reading a coach's private notes about a client. */
export const NOTES_READ_REASON_MIN = 10;

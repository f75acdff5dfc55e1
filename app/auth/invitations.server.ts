import type { AppContext } from "~/context.server";

// PLACEHOLDER (replaced by the invitations branch): GoTrue's invite, in-process.

export type InviteInput = {
  email: string;
  /** user_metadata for a new account (GoTrue's `data`). */
  data?: Record<string, unknown>;
  /** A same-site path or an allowed URL where the invited person lands once their password is set. */
  redirectTo?: string;
  /** The admin who invited (audited). */
  invitedBy: string;
};

/** `existing`: the email already had an account, so no invitation was sent (the caller grants what it grants). */
export type InviteOutcome = { userId: string; existing: boolean };

/**
 * Invites a person by email: a new account with no password and an emailed link to set one, which
 * signs them in and lands them on redirectTo; or, for an email that already has an account, nothing
 * but its id.
 */
export async function inviteUserByEmail(_context: AppContext, _input: InviteInput): Promise<InviteOutcome> {
  throw new Error("Invitations are not available yet");
}

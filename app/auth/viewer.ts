import type { Role } from "~/db/schema";

// The signed-in user of a request, as the web session reads it (web-sessions.server.ts). A type of its
// own file so the request context can name it without depending on the auth API's modules.

export type Viewer = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  createdAt: string;
  /** The zone of the state or territory on their profile ("Australia/Brisbane"), or null when it names none. */
  timeZone: string | null;
  roles: Role[];
  aal: "aal1" | "aal2";
  /** A verified authenticator app (TOTP factor) is enrolled: signing in needs its code (aal2). */
  hasAuthenticatorApp: boolean;
  /** The ClarityAI subscription as stored (read with the viewer, so pages need no second query); see billing/entitlement.server.ts. */
  aiSubscription: {
    tier: string | null;
    status: string;
    pastDueSince: string | null;
    billingInterval: string | null;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
  } | null;
  authSessionId: string;
  webSessionId: string;
};

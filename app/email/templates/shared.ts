// Wording several emails share.

export const EXPIRY_NOTE = "The code and link work once and expire in 1 hour.";

export const ACCOUNT_ACTIVITY_REASON = "You're receiving this because of activity on your ClarityAI Coaching account.";

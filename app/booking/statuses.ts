// Booking statuses as the admin list filters them: plain data for the page in the browser, apart
// from the zod schemas (schemas.ts), which would otherwise come with it into the page's first load.

export const ADMIN_BOOKING_STATUSES = ["held", "confirmed", "cancelled", "expired", "completed", "no_show"] as const;

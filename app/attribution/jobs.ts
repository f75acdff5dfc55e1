import * as z from "zod";

// Sends one conversion to the configured third parties (GA4, Google Ads, Meta). Identifiers are
// SHA-256 hex of the normalised email and phone (for Google, and for Meta), hashed before enqueueing: no raw personal data
// is queued or sent, and none is stored with the conversion.
export const AttributionForwardJobSchema = z.object({
  type: z.literal("attribution.forward"),
  version: z.literal(1),
  conversionId: z.string().min(1),
  identifiers: z
    .object({
      emailSha256: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .optional(),
      phoneSha256: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .optional(),
      // Meta normalises before hashing in its own way (dots kept in Gmail addresses, phone digits without "+").
      metaEmailSha256: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .optional(),
      metaPhoneSha256: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .optional(),
    })
    .default({}),
});
export type AttributionForwardJob = z.infer<typeof AttributionForwardJobSchema>;

// Daily: conversions and page-view counters older than 13 months are deleted.
export const AttributionExpireJobSchema = z.object({
  type: z.literal("attribution.expire"),
  version: z.literal(1),
  scheduledAt: z.string().min(1),
});
export type AttributionExpireJob = z.infer<typeof AttributionExpireJobSchema>;

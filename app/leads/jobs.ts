import * as z from "zod";

// Tells the team about a new enquiry.
export const LeadNotifyJobSchema = z.object({
  type: z.literal("lead.notify"),
  version: z.literal(1),
  leadId: z.string().min(1),
  /** The enquiry to tell about; without it, the lead's latest. */
  activityId: z.string().min(1).optional(),
});

export type LeadNotifyJob = z.infer<typeof LeadNotifyJobSchema>;

import { z } from "zod";

// Tells the team about a new enquiry.
export const LeadNotifyJobSchema = z.object({
  type: z.literal("lead.notify"),
  version: z.literal(1),
  leadId: z.string().min(1),
});

export type LeadNotifyJob = z.infer<typeof LeadNotifyJobSchema>;

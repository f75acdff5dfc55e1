import * as z from "zod";

// Delivers one outbox row through the email provider (or leaves it in the outbox without one).
export const EmailSendJobSchema = z.object({
  type: z.literal("email.send"),
  version: z.literal(1),
  outboxId: z.string().min(1),
});

export type EmailSendJob = z.infer<typeof EmailSendJobSchema>;

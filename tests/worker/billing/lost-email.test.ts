import { env } from "cloudflare:workers";
import { expect, test, vi } from "vitest";
import { createAiCheckout } from "~/billing/checkout.server";
import { allowConsoleErrors } from "../../console-errors";
import { createUser } from "../../factories/users";
import { contextFor } from "../app";
import { deliverJobs, fireCron } from "../queue";
import { type FakeEvent, completeCheckout, deliverWebhook, failRenewal, sessionIdOf, stripeEnv } from "../stripe";

// A subscription's email is written to the outbox in the same batch as the event that owes it, so a
// process that dies before the email's job is queued loses nothing: the 15-minute outbox sweep
// queues it, and it is sent once.

const MINUTE = 60_000;

test("a failed renewal's email survives a crash before its job is queued: the outbox sweep sends it, once", async () => {
  const errors = allowConsoleErrors();
  const user = await createUser();
  const bindings = stripeEnv();
  const { url } = await createAiCheckout(contextFor(bindings), { id: user.id, email: user.email }, { tier: "lite", interval: "month" });
  const { object: session, events } = await completeCheckout(sessionIdOf(url));
  for (const event of events) expect((await deliverWebhook(event, bindings)).status).toBe(200);
  const { events: failed } = await failRenewal(String(session.subscription));
  const paymentFailed = failed.find((event: FakeEvent) => event.type === "invoice.payment_failed")!;

  const crash = vi.spyOn(env.JOBS, "send").mockRejectedValue(new Error("the Worker was stopped"));
  expect((await deliverWebhook(paymentFailed, bindings)).status).toBe(500);
  crash.mockRestore();
  expect(errors.length).toBeGreaterThan(0);
  const row = () =>
    env.DB.prepare("SELECT id, status FROM email_outbox WHERE dedupe_key = ?").bind(`stripe:${paymentFailed.id}`).first<{ id: string; status: string }>();
  const written = await row();
  expect(written).toMatchObject({ status: "pending" });
  // Stripe's retry is a duplicate: the event's effect, the email included, was stored with it.
  expect(await (await deliverWebhook(paymentFailed, bindings)).json()).toEqual({ received: true, duplicate: true });

  const sendBatch = vi.spyOn(env.JOBS, "sendBatch").mockResolvedValue(undefined as unknown as QueueSendBatchResponse);
  await fireCron("*/15 * * * *", Date.now() + 20 * MINUTE);
  const requeued = sendBatch.mock.calls.flatMap(([messages]) => [...messages].map((message) => message.body as { type: string; outboxId?: string }));
  expect(requeued).toContainEqual({ type: "email.send", version: 1, outboxId: written!.id });

  const jobs = requeued.filter((body) => body.outboxId === written!.id);
  for (const body of [...jobs, ...jobs]) {
    expect((await deliverJobs([body])).retryMessages).toEqual([]);
  }
  expect(await row()).toMatchObject({ id: written!.id, status: "stored" });
});

import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { expect, test } from "vitest";

test("a conversation keeps its messages in order across stubs", async () => {
  const id = env.CONVERSATION.newUniqueId();
  await env.CONVERSATION.get(id).append("user", "How do I improve cash flow?");
  await env.CONVERSATION.get(id).append("assistant", "Start with your debtor days.");

  const history = await env.CONVERSATION.get(id).history();
  expect(history.map((m) => [m.role, m.content])).toEqual([
    ["user", "How do I improve cash flow?"],
    ["assistant", "Start with your debtor days."],
  ]);
  expect(Date.parse(history[0]!.timestamp)).not.toBeNaN();
});

test("a conversation refuses empty messages and unknown roles", async () => {
  const stub = env.CONVERSATION.get(env.CONVERSATION.newUniqueId());
  // Called inside the object, so the rejection is observed where it happens rather than surfacing
  // as an unhandled rejection in the object's isolate.
  await runInDurableObject(stub, async (instance) => {
    await expect(instance.append("user", "   ")).rejects.toThrow("content must not be empty");
    await expect(instance.append("system" as "user", "hi")).rejects.toThrow("role must be user or assistant");
  });
  expect(await stub.history()).toEqual([]);
});

test("clearing a conversation empties it and it keeps working afterwards", async () => {
  const id = env.CONVERSATION.newUniqueId();
  const stub = env.CONVERSATION.get(id);
  await stub.append("user", "first");
  await stub.clear();
  expect(await stub.history()).toEqual([]);
  await stub.append("user", "second");
  expect((await stub.history()).map((m) => m.content)).toEqual(["second"]);
  await runInDurableObject(stub, async (_instance, state) => {
    const rows = state.storage.sql.exec("SELECT count(*) AS n FROM messages").one();
    expect(rows.n).toBe(1);
  });
});

import { and, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { paymentsSandboxObjects } from "~/db/schema";
import type { ObjectStore, StripeObject } from "./stripe-api";

/** The local payments sandbox's objects, kept in D1 (payments_sandbox_objects) as Stripe-shaped JSON. */
export function d1ObjectStore(db: Db): ObjectStore {
  return {
    async get(id) {
      const row = await db.select({ data: paymentsSandboxObjects.data }).from(paymentsSandboxObjects).where(eq(paymentsSandboxObjects.id, id)).get();
      return row ? (JSON.parse(row.data) as StripeObject) : null;
    },
    async put(object) {
      const customer = typeof object.customer === "string" ? object.customer : null;
      const data = JSON.stringify(object);
      await db
        .insert(paymentsSandboxObjects)
        .values({ id: object.id, object: object.object, customer, data })
        .onConflictDoUpdate({ target: paymentsSandboxObjects.id, set: { data, customer } });
    },
    async list(object, customer) {
      const rows = await db
        .select({ data: paymentsSandboxObjects.data })
        .from(paymentsSandboxObjects)
        .where(
          customer === undefined
            ? eq(paymentsSandboxObjects.object, object)
            : and(eq(paymentsSandboxObjects.object, object), eq(paymentsSandboxObjects.customer, customer)),
        )
        .orderBy(desc(paymentsSandboxObjects.createdAt), desc(paymentsSandboxObjects.id))
        .limit(100);
      return rows.map((row) => JSON.parse(row.data) as StripeObject);
    },
  };
}

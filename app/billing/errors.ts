/** A billing request that cannot go ahead; the message is safe to show to the user. */
export class BillingError extends Error {
  override name = "BillingError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const PAYMENTS_UNAVAILABLE = "Payments aren't available right now";

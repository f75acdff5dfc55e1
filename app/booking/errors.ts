/**
 * A booking request the domain refuses, with the HTTP status a route should answer and a stable
 * code for the page to branch on. The message is written for the person who made the request;
 * `retryAfterSeconds` says when trying again can work (a route sends it as Retry-After).
 */
export class BookingError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    public retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "BookingError";
  }
}

export function isBookingError(error: unknown): error is BookingError {
  return error instanceof BookingError;
}

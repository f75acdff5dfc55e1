/**
 * A booking request the domain refuses, with the HTTP status a route should answer and a stable
 * code for the page to branch on. The message is written for the person who made the request.
 */
export class BookingError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
  ) {
    super(message);
    this.name = "BookingError";
  }
}

export function isBookingError(error: unknown): error is BookingError {
  return error instanceof BookingError;
}

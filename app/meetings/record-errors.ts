/**
 * A request about a session's record (outcome, notes, summary, rating) that the meetings domain
 * refuses: the HTTP status a route answers with, a stable code, and a message for the person.
 */
export class SessionRecordError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
  ) {
    super(message);
    this.name = "SessionRecordError";
  }
}

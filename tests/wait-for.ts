// The one way a test waits: for a condition, never for a fixed time.

export type WaitOptions = {
  /** How long to keep trying, in ms (10 s unless told). */
  timeout?: number;
  /** How long between tries, in ms (20 unless told). */
  interval?: number;
  /** What was awaited, for the error when it never comes. */
  message?: string;
};

type Truthy<T> = Exclude<T, undefined | null | false | 0 | "">;

/**
 * Calls `condition` until it answers a truthy value (a row, a count above 0, true…), and answers
 * that value. A condition that throws (a failed `expect`, say) is tried again, and its last error
 * is the one reported if time runs out.
 */
export async function waitFor<T>(condition: () => T | Promise<T>, { timeout = 10_000, interval = 20, message }: WaitOptions = {}): Promise<Truthy<T>> {
  const deadline = Date.now() + timeout;
  for (;;) {
    let failure: unknown;
    try {
      const value = await condition();
      if (value) return value as Truthy<T>;
    } catch (error) {
      failure = error;
    }
    if (Date.now() >= deadline) {
      const what = message ?? "the condition";
      if (failure instanceof Error) {
        failure.message = `waited ${timeout} ms for ${what}: ${failure.message}`;
        throw failure;
      }
      throw new Error(`waited ${timeout} ms for ${what}, in vain`);
    }
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

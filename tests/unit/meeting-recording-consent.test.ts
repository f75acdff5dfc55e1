import { expect, test } from "vitest";
import { endsWhenSomeoneLeaves, recordingTransition, type RecordingMessage } from "~/meetings/recording-consent";
import type { RecordingState } from "~/meetings/signalling";

const REQUEST: RecordingMessage = { type: "recording-consent-request" };
const ACCEPT: RecordingMessage = { type: "recording-consent-answer", accepted: true };
const DECLINE: RecordingMessage = { type: "recording-consent-answer", accepted: false };
const START: RecordingMessage = { type: "recording-start" };
const STOP: RecordingMessage = { type: "recording-stop" };

const STATES: RecordingState["state"][] = ["none", "requested", "consented", "declined", "recording"];

/** Applies messages in turn; null once one is out of turn. */
function run(messages: RecordingMessage[]): RecordingState["state"] | null {
  let state: RecordingState["state"] = "none";
  for (const message of messages) {
    const next = recordingTransition(state, message);
    if (!next) return null;
    state = next.next;
  }
  return state;
}

test("a recording starts only after the coach asked and the client accepted", () => {
  expect(recordingTransition("none", REQUEST)).toEqual({ event: "requested", next: "requested" });
  expect(recordingTransition("requested", ACCEPT)).toEqual({ event: "accepted", next: "consented" });
  expect(recordingTransition("consented", START)).toEqual({ event: "started", next: "recording" });
  expect(run([REQUEST, ACCEPT, START])).toBe("recording");
});

test("starting without the client's consent is refused in every other state", () => {
  for (const state of STATES.filter((state) => state !== "consented")) {
    expect(recordingTransition(state, START), state).toBeNull();
  }
  expect(run([START])).toBeNull();
  expect(run([REQUEST, START])).toBeNull();
  expect(run([REQUEST, DECLINE, START])).toBeNull();
});

test("a declined request can be asked again; an answer needs a request", () => {
  expect(recordingTransition("requested", DECLINE)).toEqual({ event: "declined", next: "declined" });
  expect(run([REQUEST, DECLINE, REQUEST, ACCEPT])).toBe("consented");
  for (const state of STATES.filter((state) => state !== "requested")) {
    expect(recordingTransition(state, ACCEPT), state).toBeNull();
    expect(recordingTransition(state, DECLINE), state).toBeNull();
  }
  expect(recordingTransition("requested", REQUEST)).toBeNull();
  expect(recordingTransition("recording", REQUEST)).toBeNull();
});

test("either stop ends the recording, or withdraws a request or consent; a new recording needs a new request", () => {
  for (const state of ["recording", "consented", "requested"] as const) {
    expect(recordingTransition(state, STOP), state).toEqual({ event: "stopped", next: "none" });
  }
  expect(recordingTransition("none", STOP)).toBeNull();
  expect(recordingTransition("declined", STOP)).toBeNull();
  expect(run([REQUEST, ACCEPT, START, STOP, START])).toBeNull();
});

test("a recording, request or unused consent ends when someone leaves", () => {
  expect(STATES.filter(endsWhenSomeoneLeaves)).toEqual(["requested", "consented", "recording"]);
});

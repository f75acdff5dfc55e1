import type { LobbyPreferences } from "~/meetings/ui/lobby/types";

// The lobby remembers the person's devices and their "join muted" and "camera off" choices in this
// browser (localStorage), so the next meeting starts the way they left the last one.

export const PREFERENCES_KEY = "clarity.meeting.lobby.v1";

export const DEFAULT_PREFERENCES: LobbyPreferences = { startMuted: false, startWithCameraOff: false };

type Storage = Pick<globalThis.Storage, "getItem" | "setItem">;

function optionalId(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 && value.length <= 256 ? value : undefined;
}

/** What was remembered, with anything missing, malformed or unreadable (private browsing) left at its default. */
export function readPreferences(storage: Storage | null | undefined): LobbyPreferences {
  let data: unknown;
  try {
    const text = storage?.getItem(PREFERENCES_KEY);
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (typeof data !== "object" || data === null) return { ...DEFAULT_PREFERENCES };
  const record = data as Record<string, unknown>;
  return {
    audioDeviceId: optionalId(record.audioDeviceId),
    videoDeviceId: optionalId(record.videoDeviceId),
    audioOutputId: optionalId(record.audioOutputId),
    startMuted: record.startMuted === true,
    startWithCameraOff: record.startWithCameraOff === true,
  };
}

/** Remembers the choices; a full or blocked storage is not the person's problem, so it is ignored. */
export function writePreferences(storage: Storage | null | undefined, preferences: LobbyPreferences): void {
  try {
    storage?.setItem(PREFERENCES_KEY, JSON.stringify(preferences));
  } catch {
    // Quota exceeded or storage disabled: the lobby still works, it just won't remember.
  }
}

import type { PeerPresence } from "~/meetings/signalling";
import type { RoomProps } from "~/meetings/ui/room-props";

/**
 * What the person chose in the lobby, handed to the call when they press Join.
 *
 * - `stream` holds the tracks the call starts with: the microphone's audio track (present but
 *   disabled when `startMuted`, so unmuting is instant) and the camera's video track (absent when
 *   `startWithCameraOff`: the camera is released and its light goes out; the call asks for it again
 *   with `videoDeviceId` when the camera is turned on). It is null when no device could be used;
 *   joining is still allowed (chat works) with a warning shown in the lobby.
 * - The device ids are the ones chosen (or in use) so the call can switch back to them; absent when
 *   the browser has not told us (no permission yet) or there is no such device.
 * - `audioOutputId` is the speaker chosen, where the browser can choose one (`setSinkId`).
 */
export type LobbyChoice = {
  stream: MediaStream | null;
  audioDeviceId?: string;
  videoDeviceId?: string;
  audioOutputId?: string;
  startMuted: boolean;
  startWithCameraOff: boolean;
};

export type LobbyProps = {
  room: RoomProps;
  /** The other participant, as the room last said (null: not connected). */
  peer: PeerPresence | null;
  /** The call is being joined (the Join button waits). */
  joining: boolean;
  onJoin(choice: LobbyChoice): void;
};

/** The lobby's remembered choices (localStorage). */
export type LobbyPreferences = {
  audioDeviceId?: string;
  videoDeviceId?: string;
  audioOutputId?: string;
  startMuted: boolean;
  startWithCameraOff: boolean;
};

import { Suspense, useState } from "react";
import type { LobbyChoice, LobbyProps } from "~/meetings/ui/lobby/types";
import type { RoomProps } from "~/meetings/ui/room-props";
import { lazyComponent } from "~/utils/lazy-component";

// The lobby's code loads only here (the call replaces this placeholder and wires the room's presence).
const Lobby = lazyComponent<LobbyProps>(() => import("~/meetings/ui/lobby/lobby").then((module) => ({ default: module.Lobby })));

/** The room as the meeting page shows it while it is open: the lobby, then the call. */
export function RoomEntry({ room }: { room: RoomProps }) {
  const [choice, setChoice] = useState<LobbyChoice | null>(null);
  if (choice) {
    return (
      <p role="status">
        The room for {room.title} with {room.peerName} is open.
      </p>
    );
  }
  return (
    <Suspense fallback={<p>Opening the lobby…</p>}>
      <Lobby room={room} peer={null} joining={false} onJoin={setChoice} />
    </Suspense>
  );
}

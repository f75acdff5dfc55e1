import type { RoomProps } from "~/meetings/ui/room-props";

/** The room as the meeting page shows it while it is open: the lobby, then the call. */
export function RoomEntry({ room }: { room: RoomProps }) {
  return (
    <p>
      The room for {room.title} with {room.peerName} is open.
    </p>
  );
}

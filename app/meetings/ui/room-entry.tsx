import { lazy, Suspense } from "react";
import type { RoomProps } from "~/meetings/ui/room-props";
import { useHydrated } from "~/utils/use-hydrated";

// The room's code (the lobby, the call, WebRTC and its styles) is a chunk of its own, fetched only
// here, after the meeting page has hydrated: no other page pays for it in its first load. The server
// renders the placeholder, which is also what the browser shows until the chunk arrives.
const Room = lazy(() => import("~/meetings/ui/call/room"));

function RoomLoading({ room }: { room: RoomProps }) {
  return (
    <div className="container">
      <p className="lead" role="status">
        Getting the room for {room.title} with {room.peerName} ready…
      </p>
    </div>
  );
}

/** The room as the meeting page shows it while it is open: the lobby, then the call. */
export function RoomEntry({ room }: { room: RoomProps }) {
  if (!useHydrated()) return <RoomLoading room={room} />;
  return (
    <Suspense fallback={<RoomLoading room={room} />}>
      <Room room={room} />
    </Suspense>
  );
}

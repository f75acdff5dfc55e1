import { formatSlotDate, formatSlotTime, zoneAbbreviation } from "~/booking/time-zones";
import type { PeerPresence } from "~/meetings/signalling";
import type { RoomProps } from "~/meetings/ui/room-props";

// The lobby's sentences that depend on the room: the session's time and who is already here.

/** "Thursday 3 December 2026, 9:30 am – 10:30 am AEDT" in the viewer's zone. */
export function sessionTime(room: Pick<RoomProps, "startsAt" | "endsAt" | "timeZone">): string {
  const zone = room.timeZone;
  return `${formatSlotDate(room.startsAt, zone)}, ${formatSlotTime(room.startsAt, zone)} – ${formatSlotTime(room.endsAt, zone)} ${zoneAbbreviation(zone, room.startsAt)}`;
}

/** "Sam is in the call", "Sam is waiting in the lobby", "Sam isn't here yet". */
export function presenceSentence(peerName: string, peer: PeerPresence | null): string {
  if (!peer) return `${peerName} isn't here yet`;
  return peer.state === "in-call" ? `${peerName} is in the call` : `${peerName} is waiting in the lobby`;
}

/** What the person should know before joining without a device; null when all is well. */
export function joinWarning(devices: { audio: boolean; video: boolean; cameraOff: boolean }, peerName: string): string | null {
  if (!devices.audio && !devices.video) return `You'll join without a camera or microphone: ${peerName} won't see or hear you, but you can both use the chat.`;
  if (!devices.audio) return `You'll join without a microphone: ${peerName} won't hear you.`;
  if (!devices.video && !devices.cameraOff) return "You'll join with audio only.";
  return null;
}

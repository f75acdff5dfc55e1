// The camera, microphone and speaker lists the lobby offers, rebuilt from enumerateDevices() each
// time the devices change, and which one stays chosen. Pure: MediaDeviceInfo-like objects in, plain
// data out.

export type DeviceKindName = "audioinput" | "videoinput" | "audiooutput";

export type DeviceLike = { deviceId: string; kind: string; label: string; groupId?: string };

export type DeviceOption = { deviceId: string; label: string };

export type DeviceLists = { microphones: DeviceOption[]; cameras: DeviceOption[]; speakers: DeviceOption[] };

const NOUN: Record<DeviceKindName, string> = { audioinput: "Microphone", videoinput: "Camera", audiooutput: "Speaker" };

/**
 * One list per kind, in the browser's order, without duplicates. Browsers hide ids and labels until
 * the person allows a device (ids empty or labels empty): such entries still count ("Camera 1") so the
 * lobby knows a device exists. Chrome's "communications" entry (Windows) repeats a real device and is
 * left out.
 */
export function deviceLists(devices: readonly DeviceLike[]): DeviceLists {
  const lists: DeviceLists = { microphones: [], cameras: [], speakers: [] };
  const target: Record<DeviceKindName, DeviceOption[]> = { audioinput: lists.microphones, videoinput: lists.cameras, audiooutput: lists.speakers };
  const seen = new Set<string>();
  for (const device of devices) {
    if (!(device.kind in target)) continue;
    const kind = device.kind as DeviceKindName;
    if (device.deviceId === "communications") continue;
    const key = `${kind}:${device.deviceId}`;
    if (device.deviceId !== "" && seen.has(key)) continue;
    seen.add(key);
    const list = target[kind];
    list.push({ deviceId: device.deviceId, label: device.label.trim() || `${NOUN[kind]} ${list.length + 1}` });
  }
  return lists;
}

/**
 * The device to use: the current one while it is still there, else the remembered one, else the
 * system default ("default" in Chrome), else the first. Undefined when the list is empty or the
 * browser has not revealed ids yet.
 */
export function chooseDevice(options: readonly DeviceOption[], current: string | undefined, remembered: string | undefined): string | undefined {
  const ids = options.map((option) => option.deviceId).filter((id) => id !== "");
  if (current && ids.includes(current)) return current;
  if (remembered && ids.includes(remembered)) return remembered;
  if (ids.includes("default")) return "default";
  return ids[0];
}

export type DeviceChange = { kind: DeviceKindName; added: DeviceOption[]; removed: DeviceOption[] };

/** What was plugged in or taken away between two lists of the same kind (ids hidden: nothing is reported). */
export function diffDevices(kind: DeviceKindName, before: readonly DeviceOption[], after: readonly DeviceOption[]): DeviceChange {
  const known = (list: readonly DeviceOption[]) => list.filter((option) => option.deviceId !== "" && option.deviceId !== "default");
  const beforeIds = new Set(known(before).map((option) => option.deviceId));
  const afterIds = new Set(known(after).map((option) => option.deviceId));
  return {
    kind,
    added: known(after).filter((option) => !beforeIds.has(option.deviceId)),
    removed: known(before).filter((option) => !afterIds.has(option.deviceId)),
  };
}

/** A sentence for screen readers about a change of devices, or null when nothing worth saying changed. */
export function describeDeviceChange(change: DeviceChange, switchedTo?: DeviceOption): string | null {
  const noun = NOUN[change.kind].toLowerCase();
  const parts: string[] = [];
  for (const option of change.added) parts.push(`New ${noun} found: ${option.label}.`);
  for (const option of change.removed) parts.push(`${NOUN[change.kind]} disconnected: ${option.label}.`);
  if (switchedTo && change.removed.length > 0) parts.push(`Now using ${switchedTo.label}.`);
  return parts.length > 0 ? parts.join(" ") : null;
}

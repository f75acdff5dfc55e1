import { StrokeIcon } from "~/components/icons";

// The lobby's device icons (stroke-based, 24×24). Decorative: the buttons carry the words.

const PATHS = {
  mic: "M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3Zm-7 9a7 7 0 0 0 14 0M12 19v3",
  "mic-off": "M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 4.6 2.5M15 9.5V6a3 3 0 0 0-3-3M5 12a7 7 0 0 0 11.6 5.3M19 12a7 7 0 0 1-.6 2.8M12 19v3M3 3l18 18",
  camera: "M3 7h12v10H3V7Zm12 4 6-3v8l-6-3",
  "camera-off": "M3 7h12v10H3V7Zm12 4 6-3v8l-6-3M2 3l20 18",
} as const;

export function DeviceIcon({ name }: { name: keyof typeof PATHS }) {
  return <StrokeIcon path={PATHS[name]} size={20} />;
}

import type { BrowserFamily } from "~/meetings/ui/lobby/browser-check";

// What went wrong when the browser was asked for the camera or microphone, and what the person
// should click to fix it, in their browser. Pure: it reads only the error's name and message.

export type MediaProblemKind = "denied" | "denied-by-system" | "no-device" | "in-use" | "unavailable-device" | "blocked" | "unknown";

/** Which device the problem is about: both (the usual request), or one of them. */
export type MediaTarget = "both" | "camera" | "microphone";

/** The kind of problem an error from getUserMedia is (by its DOMException name, as each browser spells it). */
export function classifyMediaError(error: unknown): MediaProblemKind {
  const name = typeof error === "object" && error !== null && "name" in error ? String((error as { name: unknown }).name) : "";
  const message = typeof error === "object" && error !== null && "message" in error ? String((error as { message: unknown }).message) : "";
  switch (name) {
    case "NotAllowedError":
    case "PermissionDeniedError": // older Chrome
      // Chrome and Edge say this when the operating system (macOS, Windows) keeps the camera from the browser.
      return /system/i.test(message) ? "denied-by-system" : "denied";
    case "NotFoundError":
    case "DevicesNotFoundError": // older Chrome
      return "no-device";
    case "NotReadableError":
    case "TrackStartError": // older Chrome
    case "AbortError": // Firefox, when the device could not start
      return "in-use";
    case "OverconstrainedError":
    case "ConstraintNotSatisfiedError": // older Chrome
      return "unavailable-device";
    case "SecurityError":
    case "TypeError": // no mediaDevices on an insecure page, or getUserMedia called with nothing to ask
      return "blocked";
    default:
      return "unknown";
  }
}

export type MediaProblemMessage = { title: string; body: string; steps: string[] };

function devices(target: MediaTarget): { noun: string; they: string } {
  if (target === "camera") return { noun: "camera", they: "it" };
  if (target === "microphone") return { noun: "microphone", they: "it" };
  return { noun: "camera and microphone", they: "them" };
}

function permissionLabels(target: MediaTarget): string {
  if (target === "camera") return "Camera";
  if (target === "microphone") return "Microphone";
  return "Camera and Microphone";
}

/** Where to click, in each browser, to allow the camera and microphone for this site. */
function allowSteps(family: BrowserFamily, target: MediaTarget): string[] {
  const labels = permissionLabels(target);
  const verb = target === "both" ? "set both to" : "set it to";
  switch (family) {
    case "chrome":
      return [
        "Click the site settings icon (two sliders, or a camera with a red cross) at the left of the address bar.",
        `Turn on ${labels}, or choose Site settings and ${verb} Allow.`,
        "Click Try again below (Chrome may ask you to reload the page).",
      ];
    case "edge":
      return [
        "Click the lock icon (View site information) at the left of the address bar.",
        `Choose Permissions for this site and ${verb} Allow for ${labels}.`,
        "Click Try again below (Edge may ask you to reload the page).",
      ];
    case "firefox":
      return [
        "Click the crossed-out camera or microphone icon at the left of the address bar.",
        `Click the × beside "Blocked Temporarily" (or "Blocked") for ${labels}.`,
        "Click Try again below and choose Allow when Firefox asks.",
      ];
    case "safari-mac":
      return [
        "In the menu bar, choose Safari › Settings for This Website… (on older Safari: Safari › Preferences › Websites).",
        `${target === "both" ? "Set Camera and Microphone" : `Set ${labels}`} to Allow.`,
        "Click Try again below.",
      ];
    case "safari-ios":
    case "chrome-ios":
      return [
        "Tap the page settings button (aA) at the left of the address bar, then Website Settings.",
        `${target === "both" ? "Set Camera and Microphone" : `Set ${labels}`} to Allow.`,
        `If it still doesn't work, open the Settings app › ${family === "chrome-ios" ? "Chrome" : "Safari"} and allow ${labels}, then come back and tap Try again.`,
      ];
    case "chrome-android":
    case "samsung":
      return [
        "Tap the icon at the left of the address bar (two sliders or a lock), then Permissions.",
        `Turn on ${labels}, then tap Try again below.`,
        `If ${labels} can't be turned on there, open Android Settings › Apps › ${family === "samsung" ? "Samsung Internet" : "Chrome"} › Permissions and allow ${target === "both" ? "them" : "it"}.`,
      ];
    default:
      return ["Look for a camera or lock icon in the address bar, or the browser's site settings.", `Allow ${labels} for this site.`, "Click Try again below."];
  }
}

/** The operating system's privacy switch, for a browser the system keeps from the camera. */
function systemSteps(family: BrowserFamily, target: MediaTarget): string[] {
  const { noun } = devices(target);
  const browserName = family === "edge" ? "Microsoft Edge" : family === "firefox" ? "Firefox" : "Google Chrome";
  return [
    `On a Mac: open System Settings › Privacy & Security › ${target === "microphone" ? "Microphone" : "Camera"}${target === "both" ? " (and Microphone)" : ""} and turn on ${browserName}. Then quit and reopen the browser.`,
    `On Windows: open Settings › Privacy & security › ${target === "microphone" ? "Microphone" : "Camera"}${target === "both" ? " (and Microphone)" : ""}, turn on access for apps and for desktop apps.`,
    `Come back to this page and click Try again to use your ${noun}.`,
  ];
}

/** The message the lobby shows for a problem, in the person's browser. */
export function mediaProblemMessage(kind: MediaProblemKind, family: BrowserFamily, target: MediaTarget = "both"): MediaProblemMessage {
  const { noun, they } = devices(target);
  const isMobile = family === "safari-ios" || family === "chrome-ios" || family === "chrome-android" || family === "samsung";
  switch (kind) {
    case "denied":
      return {
        title: `Your browser is blocking your ${noun}`,
        body: `To be seen and heard in the call, allow this site to use your ${noun}:`,
        steps: allowSteps(family, target),
      };
    case "denied-by-system":
      return {
        title: `Your computer is blocking the browser from your ${noun}`,
        body: `The browser is allowed, but your computer's privacy settings keep ${they} from it:`,
        steps: systemSteps(family, target),
      };
    case "no-device":
      return {
        title: target === "both" ? "No camera or microphone found" : `No ${noun} found`,
        body: isMobile ? `This device didn't offer a ${noun}.` : `Your computer didn't report a ${noun}.`,
        steps: [
          isMobile
            ? `Check no other app is holding the ${noun}.`
            : `Plug in a ${noun} (or a headset), or check ${they === "it" ? "it is" : "they are"} switched on.`,
          "Click Try again below.",
          target === "camera" ? "You can also join with audio only." : "You can still join and use the chat.",
        ],
      };
    case "in-use":
      return {
        title: `Your ${noun} ${they === "it" ? "is" : "are"} being used by something else`,
        body: `Another app or browser tab is using your ${noun}, or ${they} couldn't start.`,
        steps: [
          "Close other video apps (Zoom, Teams, FaceTime) and any other tab with a call in it.",
          isMobile ? "If that doesn't help, close and reopen the browser." : `If that doesn't help, unplug and reconnect the ${noun}, or restart the browser.`,
          "Click Try again below.",
        ],
      };
    case "unavailable-device":
      return {
        title: `That ${noun} isn't available any more`,
        body: `The ${noun} you chose last time wasn't found.`,
        steps: [`Choose another ${noun} from the list.`, "Or click Try again below to use the default one."],
      };
    case "blocked":
      return {
        title: `This page can't use your ${noun}`,
        body: "Browsers only share a camera and microphone with secure pages opened directly (not inside another site or app).",
        steps: [
          "Check the address starts with https:// and open the meeting link directly in your browser.",
          isMobile ? "If you opened it from an app (email, Facebook, LinkedIn), use its menu to open it in your browser." : "Then click Try again below.",
        ],
      };
    default:
      return {
        title: `Your ${noun} couldn't be started`,
        body: "Something went wrong while starting your devices.",
        steps: ["Click Try again below.", "If it keeps happening, reload the page or try another browser (Chrome, Edge, Firefox or Safari)."],
      };
  }
}

// Which browser the person is using (for the "what to click" instructions) and whether it can hold a
// video call at all. Pure: the caller passes what it read from `navigator` and `window`.

export type BrowserFamily = "chrome" | "edge" | "firefox" | "safari-mac" | "safari-ios" | "chrome-ios" | "chrome-android" | "samsung" | "other";

export type BrowserInfo = { family: BrowserFamily; name: string; version: number | null };

/** What a browser reports about itself; `maxTouchPoints` tells an iPad (which says it is a Mac) from a Mac. */
export type BrowserSignals = { userAgent: string; maxTouchPoints?: number };

function versionOf(userAgent: string, pattern: RegExp): number | null {
  const match = pattern.exec(userAgent);
  return match ? Number(match[1]) : null;
}

export function detectBrowser({ userAgent, maxTouchPoints = 0 }: BrowserSignals): BrowserInfo {
  const ua = userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && maxTouchPoints > 1);
  if (ios) {
    // Every browser on iOS runs on Safari's engine and shares Safari's camera settings.
    if (/CriOS\//.test(ua)) return { family: "chrome-ios", name: "Chrome on iPhone or iPad", version: versionOf(ua, /CriOS\/(\d+)/) };
    return { family: "safari-ios", name: "Safari on iPhone or iPad", version: versionOf(ua, /Version\/(\d+)/) ?? versionOf(ua, /OS (\d+)_/) };
  }
  if (/Edg(e|A|iOS)?\//.test(ua)) return { family: "edge", name: "Microsoft Edge", version: versionOf(ua, /Edg(?:e|A|iOS)?\/(\d+)/) };
  if (/SamsungBrowser\//.test(ua)) return { family: "samsung", name: "Samsung Internet", version: versionOf(ua, /SamsungBrowser\/(\d+)/) };
  if (/Firefox\//.test(ua)) return { family: "firefox", name: "Firefox", version: versionOf(ua, /Firefox\/(\d+)/) };
  if (/OPR\//.test(ua)) return { family: "other", name: "Opera", version: versionOf(ua, /OPR\/(\d+)/) };
  if (/Chrome\//.test(ua) || /Chromium\//.test(ua)) {
    const version = versionOf(ua, /Chrom(?:e|ium)\/(\d+)/);
    if (/Android/.test(ua)) return { family: "chrome-android", name: "Chrome on Android", version };
    return { family: "chrome", name: "Google Chrome", version };
  }
  if (/Safari\//.test(ua) && /Macintosh/.test(ua)) return { family: "safari-mac", name: "Safari", version: versionOf(ua, /Version\/(\d+)/) };
  return { family: "other", name: "this browser", version: null };
}

/** The oldest versions known to hold a call here (unified-plan WebRTC, setSinkId not required). */
const MINIMUM_VERSION: Partial<Record<BrowserFamily, number>> = {
  chrome: 100,
  "chrome-android": 100,
  edge: 100,
  firefox: 100,
  "safari-mac": 15,
  "safari-ios": 15,
  "chrome-ios": 100,
  samsung: 18,
};

export type BrowserCheckItem = { id: "secure" | "camera-api" | "webrtc" | "browser"; ok: boolean; label: string; detail?: string };

export type BrowserCheck = { ok: boolean; browser: BrowserInfo; items: BrowserCheckItem[]; summary: string };

export type BrowserCapabilities = BrowserSignals & {
  isSecureContext: boolean;
  hasGetUserMedia: boolean;
  hasPeerConnection: boolean;
};

/** The browser check the lobby shows: each requirement, and one sentence saying what to do. */
export function checkBrowser(capabilities: BrowserCapabilities): BrowserCheck {
  const browser = detectBrowser(capabilities);
  const minimum = MINIMUM_VERSION[browser.family];
  const known = browser.family !== "other";
  const recentEnough = minimum === undefined || browser.version === null || browser.version >= minimum;
  const items: BrowserCheckItem[] = [
    {
      id: "secure",
      ok: capabilities.isSecureContext,
      label: "Secure connection",
      detail: capabilities.isSecureContext ? undefined : "Open this page with https:// — browsers only share a camera over a secure connection.",
    },
    {
      id: "camera-api",
      ok: capabilities.hasGetUserMedia,
      label: "Camera and microphone access",
      detail: capabilities.hasGetUserMedia ? undefined : "This browser can't share a camera or microphone with web pages here.",
    },
    {
      id: "webrtc",
      ok: capabilities.hasPeerConnection,
      label: "Video calling (WebRTC)",
      detail: capabilities.hasPeerConnection ? undefined : "This browser can't make video calls (WebRTC is missing or turned off).",
    },
    {
      id: "browser",
      // An unknown browser may well work: it is flagged, never blocked.
      ok: known && recentEnough,
      label: known ? `${browser.name}${browser.version ? ` ${browser.version}` : ""}` : "Supported browser",
      detail: !known
        ? "We test calls in Chrome, Edge, Firefox and Safari. This browser may work, but if anything goes wrong, try one of those."
        : recentEnough
          ? undefined
          : `This version of ${browser.name} is too old for reliable calls. Update it, then reload this page.`,
    },
  ];
  const blocking = items.filter((item) => !item.ok && item.id !== "browser");
  const ok = blocking.length === 0;
  let summary: string;
  if (ok && items.every((item) => item.ok)) summary = "Your browser is ready for video calls.";
  else if (ok) summary = "Your browser should work, but it isn't one we test with.";
  else if (browser.family === "chrome-ios" || (/(FBAN|FBAV|Instagram|LinkedInApp)/.test(capabilities.userAgent) && browser.family === "safari-ios"))
    summary = "Open this page in Safari to join the call (apps' built-in browsers can't use the camera).";
  else summary = "Your browser can't join this call. Open this page in an up-to-date Chrome, Edge, Firefox or Safari.";
  return { ok, browser, items, summary };
}

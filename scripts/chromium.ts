// The browser for the Playwright journeys and the benchmark's Lighthouse runs: Debian's Chromium
// (or CHROMIUM_PATH), never a downloaded build. The networking flags keep it off the closed internet.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

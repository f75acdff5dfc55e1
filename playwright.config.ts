import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, resolveChromium } from "./scripts/chromium";

// E2E_PORT lets two checkouts on one machine run their journeys side by side.
const PORT = Number(process.env.E2E_PORT ?? 8789);
const chromium = await resolveChromium();
// The video-call journeys, and the coach network journey whose coach and client meet in the room.
const MEETING_SPECS = /(meeting-call|coach-network-journey)\.spec\.ts$/;
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // A journey signs in, goes through several pages and checks each: 20–30 s on a busy two-core
  // machine for the longer ones, so they get twice that. Each expectation still waits 5 s at most.
  timeout: 60_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A failed journey keeps its trace: actions, network, console and DOM snapshots. Without the
    // screencast, whose frames were about a quarter of the browser's CPU in every journey, passed or not.
    trace: { mode: "retain-on-failure", screenshots: false },
    launchOptions: { executablePath: chromium.executablePath, args: CHROMIUM_ARGS, env: chromium.env },
  },
  projects: [
    { name: "chromium", testIgnore: MEETING_SPECS, use: { ...devices["Desktop Chrome"], channel: undefined } },
    // The video-call journeys: Chromium's fake camera and microphone, permissions granted without a
    // prompt. A project of its own, so no other journey's browser starts with the fake devices.
    {
      name: "meeting",
      testMatch: MEETING_SPECS,
      timeout: 90_000,
      use: {
        ...devices["Desktop Chrome"],
        channel: undefined,
        permissions: ["camera", "microphone"],
        launchOptions: {
          executablePath: chromium.executablePath,
          args: [...CHROMIUM_ARGS, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", "--autoplay-policy=no-user-gesture-required"],
          env: chromium.env,
        },
      },
    },
  ],
  webServer: {
    // The production build under wrangler dev, on a fresh local state directory of its own.
    command: `bash scripts/e2e-server.sh ${PORT}`,
    url: `http://localhost:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});

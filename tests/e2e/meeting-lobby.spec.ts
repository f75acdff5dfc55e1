import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContextOptions, Page } from "@playwright/test";
import { CHROMIUM_ARGS, resolveChromium } from "../../scripts/chromium";
import { createAccount, createOpenMeeting, DEMO_COACH, startSession } from "./factories";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";

// The meeting lobby, on a session (booked as "Test Client") of a new client with the demo coach whose
// room is open now: one per test, so journeys running side by side never take each other's place in
// a room. Chromium's fake camera and microphone stand in for real devices: the camera shows a moving test pattern, the microphone beeps. The pages signed in with
// camera and microphone allowed stand for a person who said yes; a context without them is one who
// said no (headless Chromium refuses a prompt nobody answers).

const SESSION = "60-minute virtual session";

const chromium = await resolveChromium();
test.use({
  launchOptions: { executablePath: chromium.executablePath, args: [...CHROMIUM_ARGS, "--use-fake-device-for-media-stream"], env: chromium.env },
  permissions: ["camera", "microphone"],
});

const IPHONE_SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

/** Opens the lobby of a new session of Sam's with the demo coach; answers the meeting's path. */
async function openLobby(page: Page) {
  const client = await createAccount(page.request, { firstName: "Sam", lastName: "Taylor" });
  const meeting = `/meeting/${await createOpenMeeting(page.request, { coach: DEMO_COACH, client })}`;
  await startSession(page.request, client);
  await gotoHydrated(page, meeting);
  await expect(page.getByRole("heading", { level: 1, name: SESSION })).toBeVisible();
  return meeting;
}

/** A signed-in page in a context of its own (no camera or microphone permission unless given). */
async function lobbyInContext(browser: Browser, watch: (page: Page) => void, options: BrowserContextOptions) {
  // The test's own options (camera and microphone allowed) would otherwise carry over to this context.
  const context = await browser.newContext({ permissions: [], ...options });
  // Counts the lobby's requests for the camera and microphone (to see Try again ask again).
  await context.addInitScript(() => {
    const devices = navigator.mediaDevices;
    const getUserMedia = devices.getUserMedia.bind(devices);
    const counted = window as unknown as { mediaRequests: number };
    counted.mediaRequests = 0;
    devices.getUserMedia = (constraints) => {
      counted.mediaRequests += 1;
      return getUserMedia(constraints);
    };
  });
  const page = await context.newPage();
  watch(page);
  await openLobby(page);
  return page;
}

/** The preview is playing the camera: frames arrive and time advances. */
async function expectPreviewPlaying(page: Page) {
  const preview = page.getByLabel("Your camera preview (mirrored)");
  await expect(preview).toBeVisible();
  await expect
    .poll(() => preview.evaluate((video: HTMLVideoElement) => !video.paused && video.readyState >= 2 && video.videoWidth > 0 && video.currentTime > 0.2))
    .toBe(true);
}

/** The meter reads several different levels from the beeping fake microphone. */
async function expectMeterMoving(page: Page) {
  const meter = page.getByRole("meter", { name: "Microphone level" });
  const seen = new Set<number>();
  await expect
    .poll(
      async () => {
        seen.add(Number(await meter.getAttribute("aria-valuenow")));
        return seen.size >= 3 && Math.max(...seen) > 20;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
}

test("the lobby shows the session, a mirrored live preview, a moving microphone meter, the devices and the browser check", async ({ page }) => {
  // Two axe runs on a page with live media take a while on a busy machine.
  test.setTimeout(60_000);
  await openLobby(page);
  const lobby = page.getByRole("region", { name: SESSION });
  await expect(lobby).toContainText("Test Client and Daniel O'Connor");
  await expect(lobby).toContainText(/\w+day \d{1,2} \w+ \d{4}, \d{1,2}:\d{2} [ap]m – \d{1,2}:\d{2} [ap]m A[CEW][DS]T/);
  await expect(lobby.getByText("Daniel O'Connor isn't here yet")).toBeVisible();

  await expectPreviewPlaying(page);
  const preview = page.getByLabel("Your camera preview (mirrored)");
  expect(await preview.evaluate((video) => getComputedStyle(video).transform)).toBe("matrix(-1, 0, 0, 1, 0, 0)");
  await expectMeterMoving(page);

  // Chromium's fake devices, named once access is allowed.
  await expect(page.getByLabel("Camera", { exact: true })).toContainText("fake_device_0");
  await expect(page.getByLabel("Microphone", { exact: true }).locator("option")).toHaveText([
    "Fake Default Audio Input",
    "Fake Audio Input 1",
    "Fake Audio Input 2",
  ]);
  await expect(page.getByLabel("Speaker", { exact: true })).toContainText("Fake Audio Output 1");
  await expect(page.getByRole("button", { name: "Test speaker" })).toBeEnabled();
  await expect(page.getByRole("status").filter({ hasText: "Your camera and microphone are ready." })).toBeAttached();
  await expect(page.getByText("Browser check: Your browser is ready for video calls.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Join now" })).toBeEnabled();
  await expect(page.getByRole("alert")).toHaveCount(0);

  await expectNoSeriousA11yViolations(page);
  const lobbyAxe = await new AxeBuilder({ page })
    .include(".lobby")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  expect(lobbyAxe.violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.help}`)).toEqual([]);
});

test("join muted and camera off work from the keyboard, stop the meter and the camera, and are remembered with the chosen microphone", async ({ page }) => {
  const meeting = await openLobby(page);
  await expectPreviewPlaying(page);
  const meter = page.getByRole("meter", { name: "Microphone level" });
  const muted = page.getByRole("button", { name: "Join muted" });
  const cameraOff = page.getByRole("button", { name: "Camera off" });
  const status = page.getByRole("status").filter({ hasText: /\w/ });

  await muted.focus();
  await page.keyboard.press("Space");
  await expect(muted).toHaveAttribute("aria-pressed", "true");
  await expect(meter).toHaveAttribute("aria-valuetext", "Microphone is muted");
  await expect(meter).toHaveAttribute("aria-valuenow", "0");
  await expect(status).toHaveText("You'll join muted.");

  await cameraOff.focus();
  await page.keyboard.press("Enter");
  await expect(cameraOff).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByLabel("Your camera preview (mirrored)")).toBeHidden();
  await expect(page.getByText("Your camera is off")).toBeVisible();
  await expect(status).toHaveText("Camera off. You'll join with your camera off.");
  // The camera is released (its light goes out), not just hidden.
  expect(await page.locator("video").evaluate((video: HTMLVideoElement) => video.srcObject)).toBeNull();

  // Another microphone, chosen from the list, is used at once.
  const microphone = page.getByLabel("Microphone", { exact: true });
  await microphone.selectOption({ label: "Fake Audio Input 1" });
  const chosen = await microphone.inputValue();
  await expect(status).toHaveText("Your microphone is ready.");

  // Everything is remembered in this browser.
  await gotoHydrated(page, meeting);
  await expect(muted).toHaveAttribute("aria-pressed", "true");
  await expect(cameraOff).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Your camera is off")).toBeVisible();
  await expect(microphone).toHaveValue(chosen);

  // And undone: the microphone is heard again and the camera comes back.
  await muted.click();
  await expect(muted).toHaveAttribute("aria-pressed", "false");
  await expectMeterMoving(page);
  await cameraOff.click();
  await expect(cameraOff).toHaveAttribute("aria-pressed", "false");
  await expectPreviewPlaying(page);
});

test("on a 390 px phone the lobby fits the screen without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openLobby(page);
  await expectPreviewPlaying(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const join = page.getByRole("button", { name: "Join now" });
  await join.scrollIntoViewIfNeeded();
  const box = await join.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await expectNoSeriousA11yViolations(page);
});

test("with reduced motion asked for, the meter steps a few times a second instead of gliding", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await openLobby(page);
  const meter = page.getByRole("meter", { name: "Microphone level" });
  await expect(meter).toHaveClass(/lobby-meter-stepped/);
  expect(await meter.locator(".lobby-meter-fill").evaluate((fill) => getComputedStyle(fill).transitionDuration)).toBe("0s");
  await expectMeterMoving(page);
  await page.emulateMedia({ reducedMotion: "no-preference" });
  await expect(meter).not.toHaveClass(/lobby-meter-stepped/);
});

test("with camera and microphone refused, the lobby says what to click in Chrome, allows joining to chat, and recovers once allowed", async ({
  browser,
  browserLog,
  baseURL,
  extraHTTPHeaders,
}) => {
  const page = await lobbyInContext(browser, browserLog.watch, { baseURL, extraHTTPHeaders });
  const problem = page.getByRole("alert");
  await expect(problem.getByRole("heading", { name: "Your browser is blocking your camera and microphone" })).toBeVisible();
  await expect(problem.getByRole("listitem").first()).toContainText("at the left of the address bar");
  await expect(problem).toContainText("Turn on Camera and Microphone");
  await expect(page.getByText("Your camera is blocked")).toBeVisible();
  await expect(
    page.getByText("You'll join without a camera or microphone: Daniel O'Connor won't see or hear you, but you can both use the chat."),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Join now" })).toBeEnabled();
  await expect(page.getByRole("meter", { name: "Microphone level" })).toHaveAttribute("aria-valuetext", "No microphone");
  await expectNoSeriousA11yViolations(page);

  // Try again asks again (and is refused again while nothing has changed).
  const requests = () => page.evaluate(() => (window as unknown as { mediaRequests: number }).mediaRequests);
  const before = await requests();
  await problem.getByRole("button", { name: "Try again" }).click();
  await expect.poll(requests).toBeGreaterThan(before);
  await expect(problem.getByRole("button", { name: "Try again" })).toBeEnabled();
  await expect(problem.getByRole("heading", { name: "Your browser is blocking your camera and microphone" })).toBeVisible();

  // The person allows both in the site settings: the lobby notices and starts them by itself.
  await page.context().grantPermissions(["camera", "microphone"]);
  await expect(problem).toHaveCount(0);
  await expectPreviewPlaying(page);
  await expectMeterMoving(page);
  await page.context().close();
});

test("on an iPhone, a refused camera and microphone get Safari's steps", async ({ browser, browserLog, baseURL, extraHTTPHeaders }) => {
  const page = await lobbyInContext(browser, browserLog.watch, {
    baseURL,
    extraHTTPHeaders,
    userAgent: IPHONE_SAFARI,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const problem = page.getByRole("alert");
  await expect(problem.getByRole("heading", { name: "Your browser is blocking your camera and microphone" })).toBeVisible();
  await expect(problem).toContainText("Tap the page settings button (aA) at the left of the address bar, then Website Settings.");
  await expect(problem).toContainText("Settings app › Safari");
  await expect(page.getByText(/Browser check: Your browser is ready/)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.context().close();
});

test("with only the microphone allowed, the lobby offers audio only and says how to allow the camera", async ({
  browser,
  browserLog,
  baseURL,
  extraHTTPHeaders,
}) => {
  const page = await lobbyInContext(browser, browserLog.watch, { baseURL, extraHTTPHeaders, permissions: ["microphone"] });
  const problem = page.getByRole("alert");
  await expect(problem.getByRole("heading", { name: "Your browser is blocking your camera" })).toBeVisible();
  await expect(problem).toContainText("Turn on Camera, or choose Site settings and set it to Allow.");
  await expect(page.getByText("You'll join with audio only.")).toBeVisible();
  await expect(page.getByText("Your camera is blocked")).toBeVisible();
  await expectMeterMoving(page);
  await expect(page.getByRole("button", { name: "Join muted" })).toBeEnabled();
  await expect(page.getByRole("button", { name: "Join now" })).toBeEnabled();
  await page.context().close();
});

test("on a computer without a camera, the lobby says none was found and offers audio only", async ({ browser, browserLog, baseURL, extraHTTPHeaders }) => {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders });
  // A machine with a microphone and no camera: the browser lists no camera and refuses to open one.
  await context.addInitScript(() => {
    const devices = navigator.mediaDevices;
    const getUserMedia = devices.getUserMedia.bind(devices);
    const enumerateDevices = devices.enumerateDevices.bind(devices);
    devices.getUserMedia = (constraints) =>
      constraints?.video ? Promise.reject(new DOMException("Requested device not found", "NotFoundError")) : getUserMedia(constraints);
    devices.enumerateDevices = async () => (await enumerateDevices()).filter((device) => device.kind !== "videoinput");
  });
  const page = await context.newPage();
  browserLog.watch(page);
  await openLobby(page);
  const problem = page.getByRole("alert");
  await expect(problem.getByRole("heading", { name: "No camera found" })).toBeVisible();
  await expect(problem).toContainText("You can also join with audio only.");
  await expect(page.getByLabel("Camera", { exact: true })).toHaveText("No camera found");
  await expect(page.getByText("You'll join with audio only.")).toBeVisible();
  await expectMeterMoving(page);
  await context.close();
});

import type { Browser, Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, gotoHydrated, test, type Fixtures } from "./fixtures";
import { createOpenMeeting, startSession, type TestUser } from "./factories";

// The video call at /meeting/{id}: a client and a coach join from two browsers (Chromium's fake
// camera and microphone, the "meeting" project of playwright.config.ts), through the meeting's room
// object on loopback, peer to peer. What flows is read from each browser's RTCPeerConnection
// getStats(), which the room exposes as window.__meeting only when the page sets __meetingTestHooks.

type Counters = { inbound: { audio: number; video: number }; outbound: { audio: number; video: number } };

const counters = (page: Page) => page.evaluate(() => (window.__meeting ? window.__meeting.counters() : null)) as Promise<Counters | null>;

const remoteVideoWidth = (page: Page) =>
  page
    .getByTestId("remote-tile")
    .locator("video")
    .evaluate((video: HTMLVideoElement) => video.videoWidth);

/** Waits until this page receives the other side's audio and video, both keep growing, and the video is on screen. */
async function expectReceiving(page: Page) {
  await expect.poll(() => remoteVideoWidth(page)).toBeGreaterThan(0);
  let first: Counters | null = null;
  await expect
    .poll(async () => {
      first = await counters(page);
      return Boolean(first && first.inbound.audio > 0 && first.inbound.video > 0);
    })
    .toBe(true);
  const start = first as unknown as Counters;
  await expect
    .poll(async () => {
      const now = await counters(page);
      return Boolean(now && now.inbound.audio > start.inbound.audio && now.inbound.video > start.inbound.video);
    })
    .toBe(true);
}

async function participantPage(browser: Browser, baseURL: string | undefined, extraHTTPHeaders: Record<string, string> | undefined, user: TestUser) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders, permissions: ["camera", "microphone"] });
  const page = await context.newPage();
  await startSession(page.request, user);
  return page;
}

const testHooks = () => {
  window.__meetingTestHooks = true;
};

async function joinFromLobby(page: Page, meetingId: string) {
  await page.addInitScript(testHooks);
  await gotoHydrated(page, `/meeting/${meetingId}`);
  const join = page.getByRole("button", { name: /^Join (now|the call)$/ });
  await expect(join).toBeEnabled();
  return join;
}

type CallFixtures = Pick<Fixtures, "createUser" | "login" | "browserLog"> & {
  page: Page;
  browser: Browser;
  baseURL: string | undefined;
  extraHTTPHeaders: Record<string, string> | undefined;
};

/**
 * Cora (a coach, in a browser of her own) and Cliff (the client, on `page`) both join a session whose
 * room is open, coach first; answers once the client receives the coach's audio and video.
 */
async function startCall({ page, browser, baseURL, extraHTTPHeaders, createUser, login, browserLog }: CallFixtures) {
  const coach = await createUser({ firstName: "Cora", roles: ["coach"] });
  const client = await login({ firstName: "Cliff" });
  const meetingId = await createOpenMeeting(page.request, { coach, client });
  const coachPage = await participantPage(browser, baseURL, extraHTTPHeaders, coach);
  browserLog.watch(coachPage);
  await (await joinFromLobby(coachPage, meetingId)).click();
  await (await joinFromLobby(page, meetingId)).click();
  await expectReceiving(page);
  return { meetingId, coachPage };
}

test("a client and a coach see and hear each other; mute stops the audio; the chat goes both ways and survives a reload; a reload rejoins the call", async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
  createUser,
  login,
  browserLog,
}) => {
  const coach = await createUser({ firstName: "Cora", lastName: "Coach", roles: ["coach"] });
  const client = await login({ firstName: "Cliff", lastName: "Client" });
  await page.setViewportSize({ width: 1280, height: 800 });
  const meetingId = await createOpenMeeting(page.request, { coach, client });

  // The client waits in the lobby first.
  const clientJoin = await joinFromLobby(page, meetingId);
  await expectNoSeriousA11yViolations(page);

  const coachPage = await participantPage(browser, baseURL, extraHTTPHeaders, coach);
  browserLog.watch(coachPage);
  const coachJoin = await joinFromLobby(coachPage, meetingId);

  // The client joins; the coach, still in the lobby, is announced to the client with a title cue.
  await clientJoin.click();
  await expect(page.getByRole("heading", { level: 1, name: /with/ })).toBeFocused();
  await expect(page.getByRole("status").filter({ hasText: /is waiting in the lobby/ })).toBeVisible();
  await expect(page).toHaveTitle(/is waiting/);

  await coachJoin.click();
  await expect(page.getByRole("status").filter({ hasText: /is waiting in the lobby/ })).toHaveCount(0);
  await expectReceiving(page);
  await expectReceiving(coachPage);
  await expectNoSeriousA11yViolations(page);

  // Muting stops the client's outbound audio (the track is taken off the sender), while video flows on.
  await page.getByRole("button", { name: "Mute", exact: true }).click();
  await expect(page.getByRole("button", { name: "Unmute" })).toHaveAttribute("aria-pressed", "true");
  await expect(coachPage.getByTestId("remote-tile")).toContainText("Microphone off");
  const muted = (await counters(page)) as Counters;
  await expect.poll(async () => ((await counters(page)) as Counters).outbound.video).toBeGreaterThan(muted.outbound.video + 20_000);
  expect(((await counters(page)) as Counters).outbound.audio).toBe(muted.outbound.audio);
  // The keyboard shortcut unmutes.
  await page.keyboard.press("Control+d");
  await expect(page.getByRole("button", { name: "Mute", exact: true })).toHaveAttribute("aria-pressed", "false");
  await expect(coachPage.getByTestId("remote-tile")).not.toContainText("Microphone off");
  await expect.poll(async () => ((await counters(page)) as Counters).outbound.audio).toBeGreaterThan(muted.outbound.audio);

  // The chat, both ways.
  const clientChat = page.getByRole("region", { name: "Chat" });
  const coachChat = coachPage.getByRole("region", { name: "Chat" });
  await clientChat.getByRole("textbox").fill("G'day, can you hear me?");
  await clientChat.getByRole("button", { name: "Send" }).click();
  await expect(coachChat.getByRole("list", { name: "Messages" })).toContainText("G'day, can you hear me?");
  await coachChat.getByRole("textbox").fill("Loud and clear.");
  await coachChat.getByRole("textbox").press("Enter");
  await expect(clientChat.getByRole("list", { name: "Messages" })).toContainText("Loud and clear.");

  // The client reloads: the page rejoins the call by itself, the chat is still there, media flows again.
  const before = (await counters(coachPage)) as Counters;
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: /with/ })).toBeVisible();
  const messages = page.getByRole("region", { name: "Chat" }).getByRole("list", { name: "Messages" });
  await expect(messages).toContainText("G'day, can you hear me?");
  await expect(messages).toContainText("Loud and clear.");
  await expectReceiving(page);
  await expectReceiving(coachPage);
  // The coach's side negotiated a new connection (its counters started again).
  expect(((await counters(coachPage)) as Counters).inbound.video).not.toBe(before.inbound.video);

  await coachPage.context().close();
});

test("someone who is neither the coach nor the client is refused the room, its socket and its ICE servers", async ({
  page,
  createUser,
  login,
  expectFailedRequests,
}) => {
  const coach = await createUser({ firstName: "Cora", roles: ["coach"] });
  const client = await createUser({ firstName: "Cliff" });
  const meetingId = await createOpenMeeting(page.request, { coach, client });
  await login({ firstName: "Stranger" });

  expectFailedRequests({ url: new RegExp(`/meeting/${meetingId}$`), status: 404, method: "GET" });
  const response = await page.goto(`/meeting/${meetingId}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("button", { name: /^Join/ })).toHaveCount(0);
  expect((await page.request.get(`/meeting/${meetingId}/ice-servers`)).status()).toBe(404);
  expect((await page.request.get(`/meeting/${meetingId}/socket`, { headers: { Upgrade: "websocket" } })).status()).toBe(404);
});

test("on a phone-sized screen the call fits; the other side sees the camera turned off; opening the room in another tab takes the call over", async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
  createUser,
  login,
  browserLog,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { meetingId, coachPage } = await startCall({ page, browser, baseURL, extraHTTPHeaders, createUser, login, browserLog });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByRole("toolbar", { name: "Call controls" }).getByRole("button", { name: "Leave" })).toBeInViewport();
  await expectNoSeriousA11yViolations(page);

  // Camera off: the button says so, and the coach sees it.
  await page.getByRole("button", { name: "Camera off" }).click();
  await expect(page.getByRole("button", { name: "Camera on" })).toHaveAttribute("aria-pressed", "true");
  await expect(coachPage.getByTestId("remote-tile")).toContainText("camera is off");
  await page.keyboard.press("Control+e");
  await expect(coachPage.getByTestId("remote-tile")).not.toContainText("camera is off");

  // The same person opens the room in another tab: the first tab hands over and says why.
  const second = await page.context().newPage();
  browserLog.watch(second);
  await gotoHydrated(second, `/meeting/${meetingId}`);
  await expect(page.getByRole("heading", { name: "You joined from another tab" })).toBeFocused();
  await expect(page.getByRole("button", { name: "Continue here" })).toBeVisible();

  await coachPage.context().close();
});

test("the coach asks to record, the client allows it, both see the recording, and stopping it saves it", async ({
  page,
  browser,
  baseURL,
  extraHTTPHeaders,
  createUser,
  login,
  browserLog,
}) => {
  const { meetingId, coachPage } = await startCall({ page, browser, baseURL, extraHTTPHeaders, createUser, login, browserLog });

  await coachPage.getByRole("button", { name: "Ask to record" }).click();
  const request = page.getByRole("dialog", { name: /would like to record this session/ });
  await expect(request).toBeVisible();
  await request.getByRole("button", { name: "Allow recording" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Recording" })).toBeVisible();
  await expect(coachPage.getByRole("status").filter({ hasText: "Recording" })).toBeVisible();

  await page.getByRole("button", { name: "Stop recording" }).click();
  await expect(coachPage.getByRole("button", { name: "Ask to record" })).toBeVisible();
  await expect(coachPage.locator("[aria-live]").first()).toHaveText("The recording is saved with the booking.");

  // Both find it on the session's record, play it in the page and can download the file.
  for (const viewer of [page, coachPage]) {
    await gotoHydrated(viewer, `/meeting/${meetingId}/record`);
    const player = viewer.getByRole("region", { name: "Recordings" }).locator("video");
    await expect(player).toHaveCount(1);
    await expect
      .poll(() => player.evaluate((video: HTMLVideoElement) => (video.readyState >= HTMLMediaElement.HAVE_METADATA ? video.videoWidth : 0)))
      .toBeGreaterThan(0);
    const download = await viewer.request.get((await viewer.getByRole("link", { name: /^Download/ }).getAttribute("href"))!);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-disposition"]).toMatch(/^attachment/);
    expect((await download.body()).byteLength).toBeGreaterThan(1_000);
  }

  await coachPage.context().close();
});

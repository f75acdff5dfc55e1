import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import { clientAddressFor } from "../client-address";
import { createAccount, DEMO_ADMIN, startSession, waitForEmail, type OutboxEmail, type Role, type TestUser } from "./factories";

/** A request a test expects to fail: its URL, the status it answers (0: no response at all), and optionally the method. */
export type ExpectedFailure = { url: RegExp; status: number; method?: string };

type Failure = { method: string; url: string; status: number; detail: string; resourceType: string; speculative: boolean; answeredNoStore?: boolean };

/** Everything the browser pages of one test answered or complained about, judged when the test ends. */
type PageLog = {
  responses: Failure[];
  aborted: Failure[];
  consoleErrors: string[];
  expected: ExpectedFailure[];
  /** Work still reading a request's details: awaited before judging. */
  pending: Promise<unknown>[];
  watch: (page: Page) => void;
};

const label = (failure: { method?: string; url: RegExp | string; status: number }) => `${failure.method ?? "any method"} ${failure.url} → ${failure.status}`;

function matches(expected: ExpectedFailure, failure: Failure) {
  return expected.url.test(failure.url) && expected.status === failure.status && (expected.method ?? failure.method) === failure.method;
}

// The browser also logs each failed load as a console error; those are judged as failed requests.
const RESOURCE_ERROR = /^Failed to load resource: the server responded with a status of \d+/;

function pageLog(): PageLog {
  const log: PageLog = {
    responses: [],
    aborted: [],
    consoleErrors: [],
    expected: [],
    pending: [],
    watch(page) {
      page.on("response", (response) => {
        const request = response.request();
        log.responses.push({
          method: request.method(),
          url: response.url(),
          status: response.status(),
          detail: response.statusText(),
          resourceType: request.resourceType(),
          speculative: false,
        });
      });
      page.on("requestfailed", (request) => {
        const failure: Failure = {
          method: request.method(),
          url: request.url(),
          status: 0,
          detail: request.failure()?.errorText ?? "failed",
          resourceType: request.resourceType(),
          speculative: false,
        };
        log.aborted.push(failure);
        // Chromium reports a streamed fetch answered with Cache-Control: no-store (personal pages' .data
        // requests) as net::ERR_ABORTED even though its body was read to the end (microsoft/playwright#42742).
        // Such a request did get its answer: that answer's status is judged instead, as a response.
        log.pending.push(
          request
            .response()
            .then((response) => (failure.answeredNoStore = Boolean(response && /no-store/.test(response.headers()["cache-control"] ?? ""))))
            .catch(() => undefined),
        );
        // A prefetch (Remix's prefetch="intent" links) is a hint the browser may drop at any time.
        log.pending.push(
          request
            .allHeaders()
            .then((headers) => (failure.speculative = /prefetch/.test(headers["sec-purpose"] ?? headers["purpose"] ?? "")))
            .catch(() => undefined),
        );
      });
      page.on("console", (message) => {
        if (message.type() === "error") log.consoleErrors.push(message.text());
      });
      page.on("pageerror", (error) => log.consoleErrors.push(error.message));
    },
  };
  return log;
}

/**
 * The requests that failed: 4xx and 5xx answers, and requests that got no answer at all, except a
 * cancelled prefetch, the site icon's fetch, Remix's route discovery (`/__manifest`, asked for the
 * links on the page) and a navigation's data request cancelled by a newer navigation (requests the
 * page drops when it changes), a reading position sent as the page is left, and — in a test that
 * turns JavaScript off — the scripts the browser then refuses.
 */
function failuresIn(log: PageLog, javaScriptEnabled: boolean) {
  const cancelledPrefetch = (failure: Failure) => failure.speculative && failure.detail === "net::ERR_ABORTED";
  const answeredNoStore = (failure: Failure) => failure.answeredNoStore === true && failure.detail === "net::ERR_ABORTED";
  const cancelledIcon = (failure: Failure) => failure.detail === "net::ERR_ABORTED" && new URL(failure.url).pathname === "/favicon.svg";
  const cancelledDiscovery = (failure: Failure) => failure.detail === "net::ERR_ABORTED" && new URL(failure.url).pathname === "/__manifest";
  // A built script still downloading when the test moves to the next page (the floating chat buttons
  // load after hydration) is cancelled by the browser; a missing one would answer 404 instead.
  const cancelledScript = (failure: Failure) =>
    failure.detail === "net::ERR_ABORTED" && failure.resourceType === "script" && new URL(failure.url).pathname.startsWith("/assets/");
  const scriptWithJavaScriptOff = (failure: Failure) => !javaScriptEnabled && failure.resourceType === "script" && failure.detail === "csp";
  // Remix cancels a navigation's data request when a newer navigation starts (a search typed again, a
  // link followed at once); a data request that failed on the server answers 4xx or 5xx instead.
  const supersededNavigation = (failure: Failure) =>
    failure.detail === "net::ERR_ABORTED" && failure.method === "GET" && new URL(failure.url).pathname.endsWith(".data");
  // The reading position is sent with keepalive as the page is left: the browser goes on sending it,
  // but reports it aborted with the page.
  const positionOnLeaving = (failure: Failure) =>
    failure.detail === "net::ERR_ABORTED" && failure.method === "POST" && /^\/learning\/lesson\/[^/]+\/position$/.test(new URL(failure.url).pathname);
  return [
    ...log.responses.filter((response) => response.status >= 400),
    ...log.aborted.filter(
      (failure) =>
        !cancelledPrefetch(failure) &&
        !scriptWithJavaScriptOff(failure) &&
        !answeredNoStore(failure) &&
        !cancelledIcon(failure) &&
        !cancelledDiscovery(failure) &&
        !cancelledScript(failure) &&
        !supersededNavigation(failure) &&
        !positionOnLeaving(failure),
    ),
  ];
}

type NewAccount = Partial<Pick<TestUser, "firstName" | "lastName">> & { roles?: Role[] };

export type Fixtures = {
  /** Internal: the record of the test's pages, checked when the test ends. */
  browserLog: PageLog;
  /**
   * Declares the failed requests this test provokes on purpose (a 404 page, a 400 form answer…).
   * Any other failed request fails the test, and so does an expected one that never happens.
   */
  expectFailedRequests: (...failures: ExpectedFailure[]) => void;
  /** A request context signed in as the demo admin, made on first use (one session per test). */
  adminRequest: () => Promise<APIRequestContext>;
  /** The newest email to an address whose subject starts with the given text, read from the outbox. */
  outbox: (to: string, subjectStart: string) => Promise<OutboxEmail>;
  /** A fresh, confirmed account with these names and roles (none unless given), made by the server without any email. */
  createUser: (account?: NewAccount) => Promise<TestUser>;
  /**
   * Signs `page` in without driving the UI or checking a password: as `user`, or as a fresh account
   * (see createUser). The journeys' server starts the session with the app's own sign-in functions
   * (startSession) and `page.request`, which shares the page's cookie jar, keeps its cookie, so the
   * test's first `page.goto` is already signed in. Only the auth journeys sign in through the pages.
   */
  login: (user?: TestUser | NewAccount) => Promise<TestUser>;
  /** A page in a browser context of its own, signed in as the demo admin (sharing adminRequest's session), at `path`. */
  adminPage: (path: string) => Promise<Page>;
};

export const test = base.extend<Fixtures>({
  // Every test comes from a client address of its own, so the app's per-address rate limits never
  // mix between tests (nor between retries or repeats of one).
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    const key = [testInfo.file, ...testInfo.titlePath, testInfo.repeatEachIndex, testInfo.retry].join("\u0000");
    await use({ ...extraHTTPHeaders, "CF-Connecting-IP": clientAddressFor(key) });
  },

  // Every journey fails on a browser console error, an uncaught page error (this is also how a
  // Content-Security-Policy violation shows up) or a failed request it did not declare.
  browserLog: [
    async ({ page, javaScriptEnabled }, use) => {
      const log = pageLog();
      log.watch(page);
      await use(log);
      await Promise.all(log.pending);
      const failures = failuresIn(log, javaScriptEnabled);
      // Soft: a console error and the failed request behind it are reported together.
      expect
        .soft(
          log.consoleErrors.filter((text) => !RESOURCE_ERROR.test(text)),
          "browser console errors",
        )
        .toEqual([]);
      expect
        .soft(
          failures.filter((failure) => !log.expected.some((expected) => matches(expected, failure))).map((failure) => `${label(failure)} (${failure.detail})`),
          "failed requests the test did not expect",
        )
        .toEqual([]);
      expect(
        log.expected.filter((expected) => !failures.some((failure) => matches(expected, failure))).map(label),
        "expected failed requests that never happened",
      ).toEqual([]);
    },
    { auto: true },
  ],

  expectFailedRequests: async ({ browserLog }, use) => {
    await use((...failures) => {
      browserLog.expected.push(...failures);
    });
  },

  adminRequest: async ({ playwright, baseURL, extraHTTPHeaders }, use) => {
    let admin: Promise<APIRequestContext> | undefined;
    await use(
      () =>
        (admin ??= (async () => {
          const context = await playwright.request.newContext({ baseURL, extraHTTPHeaders });
          await startSession(context, DEMO_ADMIN);
          return context;
        })()),
    );
    await admin?.then(
      (context) => context.dispose(),
      () => undefined, // a failed sign-in has already failed the test
    );
  },

  outbox: async ({ adminRequest }, use) => {
    await use(async (to, subjectStart) => waitForEmail(await adminRequest(), to, subjectStart));
  },

  createUser: async ({ request }, use) => {
    await use((account = {}) => createAccount(request, account));
  },

  login: async ({ page, createUser }, use) => {
    await use(async (user = {}) => {
      const account = "password" in user ? user : await createUser(user);
      await startSession(page.request, account);
      return account;
    });
  },

  adminPage: async ({ browser, adminRequest, browserLog, extraHTTPHeaders, baseURL }, use) => {
    const pages: Page[] = [];
    await use(async (path) => {
      const context = await browser.newContext({ baseURL, extraHTTPHeaders, storageState: await (await adminRequest()).storageState() });
      const page = await context.newPage();
      browserLog.watch(page);
      pages.push(page);
      await gotoHydrated(page, path);
      await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
      return page;
    });
    await Promise.all(pages.map((page) => page.context().close()));
  },
});

export { expect };

/**
 * Waits until React has hydrated the page, so client behaviour (toasts, hotkeys) is live, and the
 * floating chat buttons (fetched after hydration) are in place, so leaving the page never cuts
 * their download short.
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForFunction(() => (window as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true);
  await page.locator(".floating-widgets").waitFor({ state: "attached" });
  return response;
}

/**
 * Waits until a form's submission has finished, its reload of the page data included: the next click
 * or reload would otherwise cut that request short.
 */
export async function settled(page: Page) {
  await page.waitForFunction(() => {
    const router = (window as { __remixRouter?: { state: { navigation: { state: string }; revalidation: string } } }).__remixRouter;
    return router?.state.navigation.state === "idle" && router.state.revalidation === "idle";
  });
}

export async function expectNoSeriousA11yViolations(page: Page) {
  // Contrast is judged on what has finished appearing: a window still fading in fails it on opacity alone.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(serious).toEqual([]);
}

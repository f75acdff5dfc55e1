import { expect, expectNoSeriousA11yViolations, gotoHydrated, test } from "./fixtures";
import { uniqueEmail } from "./factories";

// An invitation on a phone: an admin invites a new coach through the auth API (as approving an
// application does), the coach opens the link in the invitation email, chooses a password (a
// common one is refused first), is signed in and lands on the coach portal; the used link then
// says so and offers a way to ask for a new one.

const PHONE = { width: 390, height: 844 };
const JSON_HEADERS = { "Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01" };

test.use({ viewport: PHONE });

test("an invited coach accepts the emailed invitation on a phone, chooses a password and lands on the coach portal", async ({
  page,
  baseURL,
  adminRequest,
  outbox,
  createUser,
  expectFailedRequests,
}) => {
  const admin = await adminRequest();
  const inviter = await createUser({ roles: ["admin"] });
  const signIn = await admin.post("/auth/v1/token?grant_type=password", { headers: JSON_HEADERS, data: { email: inviter.email, password: inviter.password } });
  expect(signIn.status()).toBe(200);
  const { access_token: accessToken } = (await signIn.json()) as { access_token: string };

  const email = uniqueEmail("invited-coach");
  const invited = await admin.post(`/auth/v1/invite?${new URLSearchParams({ redirect_to: `${baseURL}/coach` })}`, {
    headers: { ...JSON_HEADERS, Authorization: `Bearer ${accessToken}` },
    data: { email, data: { first_name: "Ava", last_name: "Lindqvist" } },
  });
  expect(invited.status(), await invited.text()).toBe(200);
  const { id: userId } = (await invited.json()) as { id: string };
  // Approving an application grants the coach role alongside the invitation; here the Users page does.
  const granted = await admin.post("/admin/users", {
    form: { intent: "grant-role", userId, role: "coach", reason: "Joins the coach network" },
    maxRedirects: 0,
  });
  expect(granted.status(), await granted.text()).toBeLessThan(400);

  const message = await outbox(email, "You're invited to ClarityAI Coaching");
  const link = new URL(/(https?:\/\/\S+\/auth\/invite\?\S+)/.exec(message.text_body)?.[1] ?? "");
  expect(link.searchParams.get("redirectTo")).toBe("/coach");
  const path = `${link.pathname}${link.search}`;

  await gotoHydrated(page, path);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Ava" })).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoSeriousA11yViolations(page);

  // A password anyone could guess is refused, and the link still works.
  expectFailedRequests({ url: /\/auth\/invite/, status: 400, method: "POST" });
  const password = page.getByLabel("Password", { exact: true });
  const confirm = page.getByLabel("Confirm password");
  await password.fill("password");
  await confirm.fill("password");
  await page.getByRole("button", { name: "Set password and continue" }).click();
  await expect(page.getByText("That password is too common and easy to guess")).toBeVisible();
  await expect(password).toHaveAttribute("aria-invalid", "true");

  await password.fill("Harbour-Lights-Sunrise-7");
  await confirm.fill("Harbour-Lights-Sunrise-7");
  await page.getByRole("button", { name: "Set password and continue" }).click();
  await expect(page).toHaveURL(/\/coach$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Ava" })).toBeVisible();
  await expect(page.getByText("Your password is set and you're signed in.")).toBeVisible();

  // The link was used once: opening it again says so, with a way to ask for a new invitation.
  expectFailedRequests({ url: /\/auth\/invite\?token=/, status: 404 });
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: "This invitation link can't be used" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask the team for a new invitation" })).toHaveAttribute("href", /^mailto:hello@clarityai\.com\.au\?/);
});

import { env } from "cloudflare:workers";
import { expect, test } from "vitest";
import { nextDiscoveryTimes } from "~/booking/slots.server";
import { listBookableCoaches } from "~/booking/catalogue.server";
import { COACH_AGREEMENT_VERSION } from "~/coach-network/agreements";
import { checklistOf, loadOnboardingChecklist, markOnboardingComplete, type OnboardingFacts } from "~/coach-network/onboarding.server";
import { photoDimensions } from "~/coach-network/photo-metadata";
import { BIO_MIN_LENGTH, sniffPhotoType } from "~/coach-network/profile";
import { questionFacts } from "~/sales-chat/industry-place.server";
import { createDb } from "~/db/client.server";
import { auditAbout, expectRedirect } from "../booking-portals/helpers";
import { ALWAYS_OPEN, createCoach, createSignedInCoach, freeTimes, TEST_ABN, TINY_PNG } from "../../factories/coaches";
import { containsAscii, jpegWithMetadata, WEBP_WITH_METADATA } from "../../factories/photos";
import { createSignedInUser } from "../../factories/users";
import { fetchApp, pageText } from "../app";

// Coach onboarding: the checklist's rules, the profile, photo, ABN and agreement forms, the public
// photo, and bookability — a coach is offered on the booking page, in slot queries, on the home
// page's "next available" and to the Service Assistant only once onboarding is complete.

const NOW = new Date("2026-11-28T03:00:00.000Z");
const BIO = "I help owners of trades and service businesses price their work, keep cash coming in and build a team that runs without them on every job.";
const db = () => createDb(env.DB);

async function profileRow(coachId: string) {
  return env.DB.prepare("SELECT * FROM coach_profiles WHERE coach_id = ?").bind(coachId).first<Record<string, unknown>>();
}

/** Everything done (the row as a finished profile has it), then overridden. */
function facts(profile: Partial<NonNullable<OnboardingFacts["profile"]>> = {}, rest: Partial<Omit<OnboardingFacts, "profile">> = {}): OnboardingFacts {
  return {
    profile: {
      coachId: "c",
      legalName: "Quinn Coaching Pty Ltd",
      phone: null,
      bio: BIO,
      specialties: '["strategic-planning"]',
      industries: '["Trades and construction"]',
      photoKey: "coach-photos/c/1",
      photoUpdatedAt: NOW.toISOString(),
      abn: TEST_ABN,
      gstRegistered: false,
      abnConfirmedAt: NOW.toISOString(),
      agreementVersion: COACH_AGREEMENT_VERSION,
      agreementAcceptedAt: NOW.toISOString(),
      rctiAgreementAcceptedAt: null,
      rctiAgreementExpiresAt: null,
      onboardingCompletedAt: null,
      portalPreviousVisitAt: null,
      portalLastVisitAt: null,
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
      ...profile,
    },
    weeklyHours: '{"1":[["09:00","17:00"]]}',
    payoutState: "pending_verification",
    ...rest,
  };
}

test("the checklist's rules: each item is done only when everything it asks for is there", () => {
  const all = { profile: true, availability: true, agreement: true, abn: true, payouts: true };
  expect(checklistOf(facts(), NOW)).toEqual(all);
  expect(checklistOf(facts({}, { payoutState: "active" }), NOW).payouts).toBe(true);

  // Profile: a photo, a bio of at least BIO_MIN_LENGTH characters, a specialty and an industry.
  expect(checklistOf(facts({ photoKey: null }), NOW).profile).toBe(false);
  expect(checklistOf(facts({ bio: "x".repeat(BIO_MIN_LENGTH - 1) }), NOW).profile).toBe(false);
  expect(checklistOf(facts({ bio: "x".repeat(BIO_MIN_LENGTH) }), NOW).profile).toBe(true);
  expect(checklistOf(facts({ specialties: "[]" }), NOW).profile).toBe(false);
  expect(checklistOf(facts({ specialties: '["juggling"]' }), NOW).profile).toBe(false);
  expect(checklistOf(facts({ industries: "[]" }), NOW).profile).toBe(false);

  // Availability: weekly hours with at least one interval.
  expect(checklistOf(facts({}, { weeklyHours: null }), NOW).availability).toBe(false);
  expect(checklistOf(facts({}, { weeklyHours: '{"0":[],"1":[],"2":[],"3":[],"4":[],"5":[],"6":[]}' }), NOW).availability).toBe(false);

  // Agreement: the current version; a GST-registered coach also needs a current RCTI agreement.
  expect(checklistOf(facts({ agreementVersion: "2020-01" }), NOW).agreement).toBe(false);
  expect(checklistOf(facts({ agreementAcceptedAt: null }), NOW).agreement).toBe(false);
  expect(checklistOf(facts({ gstRegistered: true }), NOW).agreement).toBe(false);
  const rcti = { gstRegistered: true, rctiAgreementAcceptedAt: NOW.toISOString() };
  expect(checklistOf(facts({ ...rcti, rctiAgreementExpiresAt: "2028-11-28T03:00:00.000Z" }), NOW).agreement).toBe(true);
  expect(checklistOf(facts({ ...rcti, rctiAgreementExpiresAt: "2026-11-28T02:59:59.000Z" }), NOW).agreement).toBe(false);

  // ABN: confirmed, a valid checksum and a legal name.
  expect(checklistOf(facts({ abnConfirmedAt: null }), NOW).abn).toBe(false);
  expect(checklistOf(facts({ abn: "51824753557" }), NOW).abn).toBe(false);
  expect(checklistOf(facts({ legalName: " " }), NOW).abn).toBe(false);

  // Payouts: details submitted (pending verification) or active.
  for (const state of ["not_started", "details_needed", "restricted"] as const) {
    expect(checklistOf(facts({}, { payoutState: state }), NOW).payouts, state).toBe(false);
  }
});

test("a newly approved coach is not bookable anywhere: booking page, slot queries, next available, the Service Assistant", async () => {
  const fresh = await createCoach({ ...ALWAYS_OPEN, name: "Nola Freshwater", onboarded: false, state: "TAS", timeZone: "Australia/Hobart" });
  const onboarded = await createCoach({ ...ALWAYS_OPEN, name: "Olive Onboarded", state: "TAS", timeZone: "Australia/Hobart" });

  const checklist = await loadOnboardingChecklist(db(), fresh.id, NOW);
  expect(checklist.complete).toBe(false);
  expect(checklist.items.map((item) => [item.key, item.done, item.href])).toEqual([
    ["profile", false, "/coach/profile"],
    ["availability", true, "/coach/availability"],
    ["agreement", false, "/coach/agreement"],
    ["abn", false, "/coach/profile#tax-details"],
    ["payouts", false, "/coach/payouts"],
  ]);
  expect((await profileRow(fresh.id))!.onboarding_completed_at).toBeNull();

  const coaches = (await listBookableCoaches(db())).map((coach) => coach.slug);
  expect(coaches).toContain(onboarded.slug);
  expect(coaches).not.toContain(fresh.slug);
  await expect(freeTimes(fresh)).rejects.toThrow("That coach isn't taking bookings.");
  expect((await freeTimes(onboarded)).length).toBeGreaterThan(0);
  const next = await nextDiscoveryTimes(db(), 50, new Date());
  expect(next.some((slot) => slot.coachId === fresh.id)).toBe(false);

  const page = await pageText(await fetchApp("/booking?type=discovery&tz=Australia%2FHobart"));
  expect(page).toContain("Olive Onboarded");
  expect(page).not.toContain("Nola Freshwater");
  expect((await fetchApp(`/booking?type=discovery&coach=${fresh.slug}`)).status).toBe(200);
  expect(await pageText(await fetchApp(`/booking?type=discovery&coach=${fresh.slug}`))).toContain("That coach isn't taking bookings just now.");
  const facts = (await questionFacts(db(), "Do you have a coach in Hobart?")).map((fact) => fact.text).join("\n");
  expect(facts).toContain("Olive Onboarded");
  expect(facts).not.toContain("Nola Freshwater");

  // Once onboarding is complete (set once, however often it is found complete), the coach is bookable.
  await markOnboardingComplete(db(), fresh.id, NOW);
  await markOnboardingComplete(db(), fresh.id, new Date(NOW.getTime() + 60_000));
  expect((await profileRow(fresh.id))!.onboarding_completed_at).toBe(NOW.toISOString());
  expect((await listBookableCoaches(db())).map((coach) => coach.slug)).toContain(fresh.slug);
  expect((await freeTimes(fresh)).length).toBeGreaterThan(0);
  expect((await loadOnboardingChecklist(db(), fresh.id, NOW)).complete).toBe(true);
});

test("the booking page's coach step shows each coach's photo or initials, bio and specialties, and filters by specialty and industry without JavaScript", async () => {
  const withPhoto = await createCoach({
    ...ALWAYS_OPEN,
    name: "Petra Photo",
    bio: "Petra helps cafés and restaurants fix rosters and margins so the owner can take a day off without the place falling apart.",
    specialties: ["operational-improvement"],
    industries: ["Hospitality and food"],
  });
  const noPhoto = await createCoach({ ...ALWAYS_OPEN, name: "Ivan Initials", specialties: ["software-solutions"], industries: ["Manufacturing"] });
  await env.DB.prepare("UPDATE coach_profiles SET photo_key = NULL WHERE coach_id = ?").bind(noPhoto.id).run();

  const all = await pageText(await fetchApp("/booking?type=discovery"));
  const photo = all.match(new RegExp(`src="(/coaches/${withPhoto.slug}/photo\\?v=\\d+)"`));
  expect(photo, "the coach's photo").not.toBeNull();
  expect(all).toContain("Petra helps cafés and restaurants fix rosters and margins");
  expect(all).toContain("Operational improvement");
  expect(all).toContain("Ivan Initials");
  expect(all).toMatch(/<span class="coach-card-photo coach-card-initials" aria-hidden="true">II<\/span>/);
  // A GET form: the filter works without JavaScript.
  expect(all).toMatch(/<form method="get" action="\/booking" class="coach-filter"/);

  const filtered = await pageText(
    await fetchApp("/booking?type=discovery&tz=Australia%2FSydney&specialty=operational-improvement&industry=Hospitality+and+food"),
  );
  expect(filtered).toContain("Petra Photo");
  expect(filtered).not.toContain("Ivan Initials");
  expect(filtered).toMatch(/\d+ of \d+ coaches match/);
  const byIndustry = await pageText(await fetchApp("/booking?type=discovery&industry=Manufacturing"));
  expect(byIndustry).toContain("Ivan Initials");
  expect(byIndustry).not.toContain("Petra Photo");
  // An unknown filter value is ignored, not an error.
  const unknown = await fetchApp("/booking?type=discovery&specialty=%3Cscript%3E&industry=nope");
  expect(unknown.status).toBe(200);
  expect(await pageText(unknown)).toContain("Petra Photo");

  // The photo itself: public, its type from the bytes, kept for good at its versioned address.
  const served = await fetchApp(photo![1]!.replace(/&amp;/g, "&"));
  expect(served.status).toBe(200);
  expect(served.headers.get("Content-Type")).toBe("image/png");
  expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  expect(new Uint8Array(await served.arrayBuffer())).toEqual(TINY_PNG);
  expect((await fetchApp(`/coaches/${withPhoto.slug}/photo?v=1`)).headers.get("Cache-Control")).toBe("public, max-age=300");
  expect((await fetchApp(`/coaches/${noPhoto.slug}/photo`)).status).toBe(404);
  expect((await fetchApp("/coaches/no-such-coach/photo")).status).toBe(404);
  expect((await fetchApp("/coaches/%3Cx%3E/photo")).status).toBe(404);
  // A coach who isn't bookable has no public photo.
  const fresh = await createSignedInCoach({ onboarded: false });
  await uploadPhoto(fresh.cookie, new File([TINY_PNG], "me.png"));
  expect((await fetchApp(`/coaches/${fresh.slug}/photo`)).status).toBe(404);
  const own = await fetchApp("/coach/photo", { cookie: fresh.cookie });
  expect(own.status).toBe(200);
  expect(own.headers.get("Cache-Control")).toBe("private, no-store");
});

function uploadPhoto(cookie: string, file: File) {
  const form = new FormData();
  form.set("intent", "upload-photo");
  form.set("photo", file);
  return fetchApp("/coach/profile", { cookie, body: form, method: "POST" });
}

test("photos are checked from their bytes (JPEG, PNG, WebP) and their size; a refused photo stores nothing", async () => {
  expect(sniffPhotoType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe("image/jpeg");
  expect(sniffPhotoType(TINY_PNG)).toBe("image/png");
  expect(sniffPhotoType(new TextEncoder().encode("RIFF\u0000\u0000\u0000\u0000WEBPVP8 "))).toBe("image/webp");
  expect(sniffPhotoType(new TextEncoder().encode("RIFF\u0000\u0000\u0000\u0000WAVEfmt "))).toBeNull();
  expect(sniffPhotoType(new TextEncoder().encode("%PDF-1.7"))).toBeNull();
  expect(sniffPhotoType(new Uint8Array())).toBeNull();

  const coach = await createSignedInCoach({ onboarded: false });
  // A script named like a photo, with an image type claimed.
  const fake = await uploadPhoto(coach.cookie, new File(["<svg onload=alert(1)>"], "me.png", { type: "image/png" }));
  expect(fake.status).toBe(415);
  expect(await pageText(fake)).toContain("That file isn't a JPEG, PNG or WebP image.");
  const big = new Uint8Array(3 * 1024 * 1024 + 1);
  big.set(TINY_PNG);
  const tooLarge = await uploadPhoto(coach.cookie, new File([big], "big.png", { type: "image/png" }));
  expect(tooLarge.status).toBe(413);
  expect(await pageText(tooLarge)).toContain("That photo is too large. Choose one of at most 3 MB.");
  expect((await uploadPhoto(coach.cookie, new File([], "empty.png"))).status).toBe(400);
  expect((await profileRow(coach.id))!.photo_key).toBeNull();
  expect((await env.UPLOADS.list({ prefix: `coach-photos/${coach.id}/` })).objects).toHaveLength(0);

  // A file that starts like a WebP but stops there can't have its metadata removed: refused.
  const cutShort = await uploadPhoto(coach.cookie, new File([new TextEncoder().encode("RIFF\u0024\u0000\u0000\u0000WEBPVP8 ")], "me.webp"));
  expect(cutShort.status).toBe(415);
  expect(await pageText(cutShort)).toContain("That photo couldn't be read");
  expect((await profileRow(coach.id))!.photo_key).toBeNull();

  // A WebP named .txt is a photo: the bytes decide.
  expectRedirect(await uploadPhoto(coach.cookie, new File([WEBP_WITH_METADATA], "notes.txt", { type: "text/plain" })), "/coach/profile#photo");
  const first = (await profileRow(coach.id))!;
  expect(first.photo_key).toMatch(new RegExp(`^coach-photos/${coach.id}/`));
  expect((await env.UPLOADS.get(String(first.photo_key)))!.httpMetadata!.contentType).toBe("image/webp");
  // A new photo replaces the old one in the bucket.
  expectRedirect(await uploadPhoto(coach.cookie, new File([TINY_PNG], "me.png")), "/coach/profile#photo");
  const second = (await profileRow(coach.id))!;
  expect(second.photo_key).not.toBe(first.photo_key);
  expect(await env.UPLOADS.get(String(first.photo_key))).toBeNull();
  expect((await auditAbout(coach.id)).filter((entry) => entry.action === "coach_photo_updated")).toHaveLength(2);
});

test("a phone photo's Exif (GPS position, camera) is removed before it is stored and served; the photo still shows", async () => {
  const coach = await createSignedInCoach();
  const original = jpegWithMetadata();
  expect(containsAscii(original, "Exif")).toBe(true);
  expectRedirect(await uploadPhoto(coach.cookie, new File([original], "IMG_0042.jpg", { type: "image/jpeg" })), "/coach/profile#photo");
  const key = String((await profileRow(coach.id))!.photo_key);
  const stored = new Uint8Array(await (await env.UPLOADS.get(key))!.arrayBuffer());
  // Served publicly at the coach's photo address, as the booking page links it.
  const response = await fetchApp(`/coaches/${coach.slug}/photo?v=1`);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("image/jpeg");
  const served = new Uint8Array(await response.arrayBuffer());
  for (const bytes of [stored, served]) {
    for (const gone of ["Exif", "PhoneCo", "GPSLatitude", "Photoshop 3.0", "Parramatta"]) expect(containsAscii(bytes, gone), gone).toBe(false);
    expect(sniffPhotoType(bytes)).toBe("image/jpeg");
    expect(photoDimensions(bytes, "image/jpeg")).toEqual({ width: 5, height: 3 });
  }
  // The audit entry records the size as stored.
  const audit = (await auditAbout(coach.id)).find((entry) => entry.action === "coach_photo_updated");
  expect(audit?.detail).toEqual({ type: "image/jpeg", bytes: stored.length });
});

test("the profile form saves bio, specialties and industries; bad input gets field errors and changes nothing", async () => {
  const coach = await createSignedInCoach({ onboarded: false });
  const page = await pageText(await fetchApp("/coach/profile", { cookie: coach.cookie }));
  expect(page).toContain("Your public profile");
  expect(page).toContain("Your profile isn't on the booking page yet.");

  const bad = await fetchApp("/coach/profile", {
    cookie: coach.cookie,
    form: new URLSearchParams([
      ["intent", "save-profile"],
      ["bio", "Too short."],
      ["specialties", "juggling"],
    ]),
  });
  expect(bad.status).toBe(400);
  const html = await pageText(bad);
  expect(html).toContain(`Write at least ${BIO_MIN_LENGTH} characters`);
  expect(html).toContain("Choose from the listed specialties.");
  expect(html).toContain("Choose at least one industry you work with.");
  expect((await profileRow(coach.id))!.bio).toBe("");

  const saved = await fetchApp("/coach/profile", {
    cookie: coach.cookie,
    form: new URLSearchParams([
      ["intent", "save-profile"],
      ["bio", `  ${BIO}  `],
      ["specialties", "strategic-planning"],
      ["specialties", "digital-systems"],
      ["specialties", "strategic-planning"],
      ["industries", "Trades and construction"],
    ]),
  });
  expectRedirect(saved, "/coach/profile#public-profile");
  const row = (await profileRow(coach.id))!;
  expect(row.bio).toBe(BIO);
  expect(JSON.parse(String(row.specialties))).toEqual(["strategic-planning", "digital-systems"]);
  expect(JSON.parse(String(row.industries))).toEqual(["Trades and construction"]);
  expect((await auditAbout(coach.id)).map((entry) => entry.action)).toContain("coach_profile_updated");

  expect((await fetchApp("/coach/profile", { cookie: coach.cookie, form: { intent: "nope" } })).status).toBe(400);
});

test("ABN confirmation checks the checksum and asks about GST; the agreement page records versions and times, with the RCTI agreement for a GST-registered coach", async () => {
  const coach = await createSignedInCoach({ onboarded: false });
  const tax = (fields: Record<string, string>) => fetchApp("/coach/profile", { cookie: coach.cookie, form: { intent: "confirm-abn", ...fields } });

  const bad = await tax({ legalName: "", abn: "51 824 753 557" });
  expect(bad.status).toBe(400);
  const html = await pageText(bad);
  expect(html).toContain("That ABN isn't valid.");
  expect(html).toContain("Enter the name registered with your ABN.");
  expect(html).toContain("Tell us whether you're registered for GST.");
  expect(html).toContain("Confirm that these details are correct.");
  expect(await pageText(await tax({ legalName: "Quinn Coaching", abn: "1234", gstRegistered: "yes", confirm: "on" }))).toContain("Enter your 11-digit ABN.");
  expect((await profileRow(coach.id))!.abn_confirmed_at).toBeNull();

  expectRedirect(await tax({ legalName: "Quinn Coaching Pty Ltd", abn: "51 824 753 556", gstRegistered: "yes", confirm: "on" }), "/coach/profile#tax-details");
  expect(await profileRow(coach.id)).toMatchObject({ legal_name: "Quinn Coaching Pty Ltd", abn: TEST_ABN, gst_registered: 1 });
  expect((await profileRow(coach.id))!.abn_confirmed_at).toEqual(expect.any(String));

  // Registered for GST: the RCTI agreement must be accepted with the coach agreement.
  const agreement = await pageText(await fetchApp("/coach/agreement", { cookie: coach.cookie }));
  expect(agreement).toContain("Recipient-created tax invoice agreement");
  expect(agreement).toContain("The GST shown on each RCTI is payable by the supplier.");
  const onlyCoach = await fetchApp("/coach/agreement", { cookie: coach.cookie, form: { intent: "accept", acceptAgreement: "on" } });
  expect(onlyCoach.status).toBe(400);
  expect(await pageText(onlyCoach)).toContain("Tick the box to accept the RCTI agreement");
  expect((await profileRow(coach.id))!.agreement_accepted_at).toBeNull();

  expectRedirect(
    await fetchApp("/coach/agreement", { cookie: coach.cookie, form: { intent: "accept", acceptAgreement: "on", acceptRcti: "on" } }),
    "/coach/onboarding",
  );
  const row = (await profileRow(coach.id))!;
  expect(row.agreement_version).toBe(COACH_AGREEMENT_VERSION);
  const acceptedAt = Date.parse(String(row.agreement_accepted_at));
  expect(row.rcti_agreement_accepted_at).toBe(row.agreement_accepted_at);
  // Current for 24 months.
  const expires = new Date(acceptedAt);
  expires.setUTCMonth(expires.getUTCMonth() + 24);
  expect(row.rcti_agreement_expires_at).toBe(expires.toISOString());
  const accepted = (await auditAbout(coach.id)).find((entry) => entry.action === "coach_agreement_accepted");
  expect(accepted?.detail).toMatchObject({ agreementVersion: COACH_AGREEMENT_VERSION, rctiAgreementVersion: expect.any(String) });
  expect((await auditAbout(coach.id)).find((entry) => entry.action === "coach_abn_confirmed")?.detail).toMatchObject({ abn: TEST_ABN, gstRegistered: true });

  // Changing the ABN needs a fresh RCTI agreement for it.
  expectRedirect(await tax({ legalName: "Quinn Coaching Pty Ltd", abn: "53 004 085 616", gstRegistered: "yes", confirm: "on" }), "/coach/profile#tax-details");
  expect((await profileRow(coach.id))!.rcti_agreement_expires_at).toBeNull();
  const checklist = await loadOnboardingChecklist(db(), coach.id);
  expect(checklist.items.find((item) => item.key === "agreement")!.done).toBe(false);
  expect(checklist.items.find((item) => item.key === "abn")!.done).toBe(true);
});

test("the onboarding pages are for coaches only, and the checklist page links each step", async () => {
  const coach = await createSignedInCoach({ onboarded: false });
  const page = await pageText(await fetchApp("/coach/onboarding", { cookie: coach.cookie }));
  expect(page).toContain("Your onboarding checklist");
  expect(page).toContain("1 of 5 steps done.");
  for (const href of ["/coach/profile", "/coach/availability", "/coach/agreement", "/coach/profile#tax-details", "/coach/payouts"]) {
    expect(page).toContain(`href="${href}"`);
  }
  const client = await createSignedInUser();
  for (const path of ["/coach/onboarding", "/coach/profile", "/coach/agreement", "/coach/photo"]) {
    const asClient = await fetchApp(path, { cookie: client.cookie });
    expect(asClient.status, `${path} as a client`).not.toBe(200);
    expect((await fetchApp(path)).status, `${path} signed out`).not.toBe(200);
  }
  const posted = await fetchApp("/coach/agreement", { cookie: client.cookie, form: { intent: "accept", acceptAgreement: "on" } });
  expect(posted.status).not.toBe(200);
  expect((await profileRow(client.id)) ?? null).toBeNull();
});

test("a newly approved coach sets their hours in the availability editor, with a preview before they are bookable", async () => {
  const coach = await createSignedInCoach({ onboarded: false, weeklyHours: { "0": [], "1": [], "2": [], "3": [], "4": [], "5": [], "6": [] } });
  expect((await loadOnboardingChecklist(db(), coach.id)).items.find((item) => item.key === "availability")!.done).toBe(false);
  const editor = await fetchApp("/coach/availability", { cookie: coach.cookie });
  expect(editor.status).toBe(200);
  const saved = await fetchApp("/coach/availability", {
    cookie: coach.cookie,
    form: {
      intent: "save-schedule",
      displayName: coach.name,
      headline: "",
      timeZone: "Australia/Sydney",
      state: "NSW",
      ...Object.fromEntries(
        [0, 1, 2, 3, 4, 5, 6].flatMap((day) => [
          [`d${day}-0-start`, "00:00"],
          [`d${day}-0-end`, "00:00"],
        ]),
      ),
      bufferMinutes: "0",
      dailyMax: "12",
      acceptingBookings: "on",
    },
  });
  expectRedirect(saved, "/coach/availability");
  expect((await loadOnboardingChecklist(db(), coach.id)).items.find((item) => item.key === "availability")!.done).toBe(true);
  // The preview shows the times clients will be offered, though the coach is not bookable yet.
  const html = await pageText(await fetchApp("/coach/availability", { cookie: coach.cookie }));
  expect(html).toContain("The next times offered for a 60-minute session");
  expect(html).toMatch(/<ul class="availability-preview"><li><time dateTime="\d{4}-\d{2}-\d{2}T/);
});

test("a coach whose every step is done, payouts included, is found complete once and becomes bookable", async () => {
  const coach = await createSignedInCoach({ ...ALWAYS_OPEN, name: "Zara Ready", onboarded: false });
  const payouts = (state: string) =>
    env.DB.prepare(
      `INSERT INTO coach_payout_accounts (coach_id, stripe_account_id, state) VALUES (?, ?, ?)
       ON CONFLICT (coach_id) DO UPDATE SET state = excluded.state`,
    )
      .bind(coach.id, `acct_${coach.id.slice(0, 12)}`, state)
      .run();
  await env.UPLOADS.put(`coach-photos/${coach.id}/ready`, TINY_PNG, { httpMetadata: { contentType: "image/png" } });
  await env.DB.prepare(
    `UPDATE coach_profiles SET legal_name = 'Zara Ready Pty Ltd', bio = ?, specialties = '["digital-systems"]', industries = '["Retail and e-commerce"]',
       photo_key = ?, photo_updated_at = ?, abn = ?, abn_confirmed_at = ?, agreement_version = ?, agreement_accepted_at = ? WHERE coach_id = ?`,
  )
    .bind(BIO, `coach-photos/${coach.id}/ready`, NOW.toISOString(), TEST_ABN, NOW.toISOString(), COACH_AGREEMENT_VERSION, NOW.toISOString(), coach.id)
    .run();

  // Stripe still wants details: not yet.
  await payouts("details_needed");
  const waiting = await loadOnboardingChecklist(db(), coach.id, NOW);
  expect(waiting.complete).toBe(false);
  expect(waiting.items.filter((item) => !item.done).map((item) => item.key)).toEqual(["payouts"]);
  expect((await profileRow(coach.id))!.onboarding_completed_at).toBeNull();

  // Details submitted: the checklist is complete, onboarding is marked once, the coach is bookable.
  await payouts("pending_verification");
  const page = await pageText(await fetchApp("/coach/onboarding", { cookie: coach.cookie }));
  expect(page).toContain("You're all set: clients can find and book you on the booking page.");
  const completedAt = (await profileRow(coach.id))!.onboarding_completed_at;
  expect(completedAt).toEqual(expect.any(String));
  await loadOnboardingChecklist(db(), coach.id, new Date(Date.now() + 3_600_000));
  expect((await profileRow(coach.id))!.onboarding_completed_at).toBe(completedAt);
  expect(await pageText(await fetchApp("/booking?type=discovery&specialty=digital-systems&industry=Retail+and+e-commerce"))).toContain("Zara Ready");
  expect((await fetchApp(`/coaches/${coach.slug}/photo`)).status).toBe(200);
});

test("only the profile page takes a photo-sized body; it is still capped, and every other page keeps the small form cap", async () => {
  const coach = await createSignedInCoach({ onboarded: false });
  const chunk = new Uint8Array(1024 * 1024);
  let sent = 0;
  const huge = new ReadableStream<Uint8Array>({
    pull(controller) {
      sent += 1;
      if (sent > 30) controller.close();
      else controller.enqueue(chunk);
    },
  });
  const capped = await fetchApp("/coach/profile", { cookie: coach.cookie, body: huge, contentType: "multipart/form-data; boundary=x", method: "POST" });
  expect(capped.status).toBe(413);
  expect(sent, "the body stops being read at the cap").toBeLessThan(30);
  expect(await capped.text()).toContain("That file is too large for this form.");

  const form = new FormData();
  form.set("intent", "save-schedule");
  form.set("displayName", "x".repeat(200 * 1024));
  const elsewhere = await fetchApp("/coach/availability", { cookie: coach.cookie, body: form, method: "POST" });
  expect(elsewhere.status).toBe(413);
});

import { expect, expectNoSeriousA11yViolations, gotoHydrated, settled, test } from "./fixtures";

// An admin on a phone starts a module, writes its first lesson with the live preview, publishes both
// and reads the lesson where learners will, then adds a quiz question and finds it on the module's
// quiz; the editor passes axe. Self-contained: the module is the
// test's own, so the seeded curriculum other journeys read is untouched.

test.use({ viewport: { width: 390, height: 844 } });

test("an admin writes a lesson with the live preview, publishes it and reads it on the lesson page", async ({ page, login }) => {
  await login({ firstName: "Alex", lastName: "Admin", roles: ["admin"] });
  const title = `Cash flow for cafés ${Date.now().toString(36)}`;

  await gotoHydrated(page, "/admin/learning");
  await expect(page.getByRole("heading", { level: 2, name: "Learning modules" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Learning modules" })).toBeVisible();
  await page.getByLabel("Title").fill(title);
  await page.getByRole("button", { name: "Create draft module" }).click();
  await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  await expect(page.getByText("Module created")).toBeVisible();
  const moduleEditor = new URL(page.url()).pathname;

  // The module's details, then its first lesson.
  await page.getByLabel("Summary").fill("Keep a café funded through the quiet months.");
  await page.getByLabel("Overview").fill("What a **café** owner needs to know about cash.");
  await page.getByLabel("Outcomes").fill("Forecast the quiet months\nSet a cash buffer");
  await page.getByRole("button", { name: "Save module" }).click();
  await expect(page.getByText("Module saved")).toBeVisible();
  await settled(page);

  await page.getByLabel("New lesson's title").fill("The winter dip");
  await page.getByRole("button", { name: "Add draft lesson" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "The winter dip" })).toBeVisible();
  await settled(page);

  await page.getByLabel("Summary").fill("Why takings fall in June and what to do first.");
  const body = page.getByLabel("Lesson text");
  await body.fill("## Plan for the dip\n\nPut aside **two weeks** of wages before May.");
  // The preview is the public renderer's, a moment after typing stops.
  const preview = page.getByTestId("bodyMd-preview");
  await expect(preview.getByRole("heading", { name: "Plan for the dip" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("two weeks");
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Save lesson" }).click();
  await expect(page.getByText("Lesson saved")).toBeVisible();
  await settled(page);
  await page.getByRole("button", { name: "Publish lesson" }).click();
  await expect(page.getByText("Lesson published")).toBeVisible();
  await expect(page.getByText("Published, but its module is a draft")).toBeVisible();
  await settled(page);

  // Every save is a revision.
  await expect(page.getByRole("heading", { name: "Revisions" })).toBeVisible();
  await expect(page.getByText("Revision 2", { exact: true })).toBeVisible();

  await page.getByRole("link", { name: `← Back to ${title}` }).click();
  await expect(page.getByRole("button", { name: "Publish module" })).toBeVisible();
  await page.getByRole("button", { name: "Publish module" }).click();
  await expect(page.getByText("Module published")).toBeVisible();
  await settled(page);

  await page.getByRole("link", { name: "The winter dip" }).click();
  await page.getByRole("link", { name: "View the lesson" }).click();
  await expect(page).toHaveURL(/\/learning\/lesson\//);
  await expect(page.getByRole("heading", { name: "Plan for the dip" })).toBeVisible();
  await expect(page.getByText("Put aside two weeks of wages before May.")).toBeVisible();

  // A quiz question added on the module's editor is on the learner's quiz page at once.
  await gotoHydrated(page, moduleEditor);
  const quiz = page.getByRole("region", { name: "Quiz" });
  await quiz.getByLabel("Question", { exact: true }).fill("When do café takings usually dip?");
  await quiz.getByLabel("Option A", { exact: true }).fill("In summer");
  await quiz.getByLabel("Option B", { exact: true }).fill("In winter");
  await quiz.getByRole("radio", { name: "Option B is correct" }).check();
  await quiz.getByLabel("Explanation").fill("June to August are the quiet months.");
  await quiz.getByRole("button", { name: "Add question" }).click();
  await expect(page.getByText("Question added")).toBeVisible();
  await settled(page);
  await gotoHydrated(page, `${moduleEditor.replace("/admin/learning/", "/learning/module/")}/quiz`);
  await expect(page.getByText("When do café takings usually dip?")).toBeVisible();
  await expect(page.getByRole("radio", { name: "In winter" })).toBeVisible();
});

test("an admin rewrites a location page's lead, publishes it and the page shows it", async ({ page, login }) => {
  await login({ firstName: "Alex", lastName: "Admin", roles: ["admin"] });
  await gotoHydrated(page, "/admin/pages?kind=location&q=Toowoomba");
  await page.getByRole("table", { name: "Pages" }).getByRole("link", { name: "Toowoomba business coaching" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Toowoomba business coaching" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const lead = `Darling Downs owners get coaching booked in Queensland time (${Date.now().toString(36)}).`;
  await page.getByLabel("Lead", { exact: true }).fill(lead);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Draft saved")).toBeVisible();
  await expect(page.getByText("Unpublished changes.")).toBeVisible();
  await settled(page);
  await page.getByRole("button", { name: "Publish changes" }).click();
  await expect(page.getByText("The page shows the new copy now.")).toBeVisible();
  await settled(page);

  await page.getByRole("link", { name: "/locations/toowoomba-business-coaching" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(lead)).toBeVisible();
});

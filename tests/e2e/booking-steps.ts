import { expect, type Locator, type Page } from "@playwright/test";

// The booking page's day and time steps. The day list and the chosen day's times share one view, so
// after a day is chosen the previous day's times stay on screen until the new day's arrive: wait for
// the chosen day to be marked current before reading or choosing a time.

export const dayLinks = (page: Page) => page.getByRole("region", { name: "Choose a day" }).getByRole("listitem").getByRole("link");
export const timeLinks = (page: Page) => page.getByRole("region", { name: /^Times on / }).getByRole("link");

/** Chooses the day at `index` (with `press`, e.g. a checked tap) and waits until its times are the ones shown. */
export async function chooseDay(page: Page, index: number, press: (target: Locator) => Promise<void> = (target) => target.click()) {
  await press(dayLinks(page).nth(index));
  await expect(dayLinks(page).nth(index)).toHaveAttribute("aria-current", "date");
}

import { expect, type Locator, type Page } from "@playwright/test";

// Taps as a person on a phone does, after checking that the control is what a finger at its centre
// would hit: the element at that point (document.elementFromPoint) must be the control or inside it,
// never a floating button, a notification or a sticky bar lying over it. Used for every tap of the
// phone journeys, so a control covered by anything fails the journey at the tap that would miss.

type Box = { x: number; y: number; width: number; height: number };

/** What covers `target` at its centre, or null when the control itself is there. */
export async function coveringElement(target: Locator): Promise<string | null> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === element || element.contains(hit) || (element instanceof HTMLLabelElement && element.control === hit))) return null;
    if (!hit) return `nothing at (${Math.round(x)}, ${Math.round(y)})`;
    const name = (hit.getAttribute("aria-label") ?? hit.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 60);
    const classes = typeof hit.className === "string" && hit.className ? `.${hit.className.trim().split(/\s+/).join(".")}` : "";
    return `<${hit.tagName.toLowerCase()}${classes}> “${name}” at (${Math.round(x)}, ${Math.round(y)})`;
  });
}

/** Brings `target` to the middle of the screen (as a person scrolls to what they want), then checks nothing covers it. */
export async function expectTappable(target: Locator, what = "the control") {
  await expect(target).toBeVisible();
  await target.evaluate((element) => element.scrollIntoView({ block: "center", inline: "nearest" }));
  await expect.poll(() => coveringElement(target), { message: `${what} is covered at its centre` }).toBeNull();
}

/** Checks the tap point, then taps there (a click at that very point). */
export async function tap(target: Locator, what?: string) {
  await expectTappable(target, what ?? (await describe(target)));
  const box = await steadyBox(target);
  const page = target.page();
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.click(x, y);
}

/** The control's box once it has stopped moving (a smooth scroll, a row scrolling sideways), read frame by frame. */
async function steadyBox(target: Locator): Promise<Box> {
  const page = target.page();
  const nextFrames = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  let previous = await target.boundingBox();
  for (let frame = 0; frame < 200; frame++) {
    await nextFrames();
    const current = await target.boundingBox();
    if (current && previous && current.x === previous.x && current.y === previous.y && current.width === previous.width && current.height === previous.height)
      return current;
    previous = current;
  }
  throw new Error("the control kept moving: no steady place to tap");
}

async function describe(target: Locator) {
  return (await target.getAttribute("aria-label")) ?? ((await target.textContent()) ?? "the control").trim().slice(0, 60);
}

export const BUTTONS_AND_FIELDS = "button, input:not([type=hidden]), textarea, select, [role=button], [role=menuitem]";
export const CONTROLS = `a[href], ${BUTTONS_AND_FIELDS}`;

/** Every visible control on screen (`selector`: links, buttons and fields unless told) whose box meets `box`, outside `except`. */
export async function controlsUnder(page: Page, box: Box, except: string, selector = CONTROLS): Promise<string[]> {
  return page.evaluate(
    ({ box, except, selector }) => {
      const found: string[] = [];
      for (const element of document.querySelectorAll<HTMLElement>(selector)) {
        if (element.closest(except)) continue;
        const r = element.getBoundingClientRect();
        if (!r.width || !r.height || getComputedStyle(element).visibility === "hidden") continue;
        if (r.bottom <= 0 || r.top >= innerHeight) continue;
        if (r.left < box.x + box.width && box.x < r.right && r.top < box.y + box.height && box.y < r.bottom)
          found.push(
            `${element.tagName.toLowerCase()} “${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40)}”`,
          );
      }
      return found;
    },
    { box, except, selector },
  );
}

import { APPLICATION_TEXT_FIELDS } from "./applications";

// The coach application's draft in the browser: the form (/coach-registration) saves the unsent
// answers as they are typed and restores them after a reload; the application's page
// (/coach-registration/{token}) forgets them once the application is sent. Never the CV.

/** Where this browser keeps the unsent answers. */
export const DRAFT_KEY = "coach-application-draft";

/** Fills the form from the saved draft; true when anything was restored. */
export function restoreApplicationDraft(form: HTMLFormElement) {
  let draft: Record<string, string | string[]>;
  try {
    draft = JSON.parse(window.localStorage.getItem(DRAFT_KEY) ?? "null") ?? {};
  } catch {
    return false;
  }
  let restored = false;
  for (const [name, value] of Object.entries(draft)) {
    // Inputs, selects and textareas alike: each has a value (and a type; checkboxes and radios are checked instead).
    const elements = form.querySelectorAll<HTMLInputElement>(`[name="${CSS.escape(name)}"]`);
    for (const element of elements) {
      if (element.type === "checkbox" || element.type === "radio") {
        element.checked = Array.isArray(value) ? value.includes(element.value) : value === element.value;
      } else if (element.type !== "file" && typeof value === "string") {
        element.value = value;
      }
      restored = true;
    }
  }
  return restored;
}

export function saveApplicationDraft(form: HTMLFormElement) {
  const formData = new FormData(form);
  const draft: Record<string, string | string[]> = {};
  for (const field of [...APPLICATION_TEXT_FIELDS, "terms"]) {
    const value = formData.get(field);
    if (typeof value === "string" && value) draft[field] = value;
  }
  draft.specialties = formData.getAll("specialties").map(String);
  draft.industries = formData.getAll("industries").map(String);
  try {
    window.localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the form still works, only without a draft.
  }
}

/** Sent: the browser's draft has done its job. */
export function clearApplicationDraft() {
  try {
    window.localStorage.removeItem(DRAFT_KEY);
  } catch {
    // Storage blocked: nothing was saved either.
  }
}

import type { TemplateField } from "../types";

// The SOP and the templates as documents: a title and headed sections of text or (numbered) lists,
// written out as plain text and as a PDF (exports.server.ts).

export type SopAnswers = {
  /** The procedure's name ("Sending a quote", "End-of-day close"). */
  title: string;
  purpose: string;
  /** Who is responsible for it (a role, not only a person). */
  owner: string;
  /** What starts it (an event, a day, a request). */
  trigger: string;
  steps: string[];
  /** How you know it was done right. */
  checks: string[];
};

export type TemplateAnswers = { fields: Record<string, string> };

export type DocumentSection = { heading: string; text?: string; items?: string[]; ordered?: boolean };
export type WorksheetDocument = { title: string; subtitle: string; sections: DocumentSection[] };

export function blankSop(): SopAnswers {
  return { title: "", purpose: "", owner: "", trigger: "", steps: [], checks: [] };
}

export function blankTemplate(): TemplateAnswers {
  return { fields: {} };
}

const NOT_ANSWERED = "Not answered yet.";

export function sopDocument(answers: SopAnswers, worksheetTitle: string): WorksheetDocument {
  return {
    title: answers.title.trim() || worksheetTitle,
    subtitle: "Standard operating procedure",
    sections: [
      { heading: "Purpose", text: answers.purpose || NOT_ANSWERED },
      { heading: "Owner", text: answers.owner || NOT_ANSWERED },
      { heading: "When it starts", text: answers.trigger || NOT_ANSWERED },
      answers.steps.length ? { heading: "Steps", items: answers.steps, ordered: true } : { heading: "Steps", text: NOT_ANSWERED },
      answers.checks.length ? { heading: "Checks", items: answers.checks } : { heading: "Checks", text: NOT_ANSWERED },
    ],
  };
}

export function templateDocument(answers: TemplateAnswers, spec: { title: string; intro?: string; fields: TemplateField[] }): WorksheetDocument {
  return {
    title: spec.title,
    subtitle: spec.intro ?? "",
    sections: spec.fields.map((field) => ({ heading: field.label, text: answers.fields[field.id]?.trim() || NOT_ANSWERED })),
  };
}

/** A document as plain text (CRLF-free, wrapped by the reader). */
export function documentText(document: WorksheetDocument, footer: string): string {
  const lines = [document.title, "=".repeat(Math.min(document.title.length, 72))];
  if (document.subtitle) lines.push(document.subtitle);
  for (const section of document.sections) {
    lines.push("", section.heading, "-".repeat(Math.min(section.heading.length, 72)));
    if (section.text) lines.push(section.text);
    if (section.items) section.items.forEach((item, n) => lines.push(`${section.ordered ? `${n + 1}.` : "-"} ${item}`));
  }
  lines.push("", footer);
  return `${lines.join("\n")}\n`;
}

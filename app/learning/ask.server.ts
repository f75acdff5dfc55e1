import type { AppLoadContext } from "@remix-run/cloudflare";
import { sendChatMessage } from "~/ai-coach/chat.server";
import { CHAT_MAX_MESSAGE_LENGTH } from "~/ai-coach/chat-types";
import type { StartedFrom } from "~/ai-coach/conversation-protocol";
import type { Viewer } from "~/auth/viewer";
import { sha256Hex } from "~/utils/hex";
import type { PublishedLesson } from "./catalogue.server";
import { lessonForViewer } from "./lesson.server";
import type { WorksheetSpec } from "./types";
import { documentText, sopDocument, templateDocument, type SopAnswers, type TemplateAnswers } from "./worksheets/documents";
import { calculateForecast, weekLabel, type ForecastAnswers } from "./worksheets/forecast";
import { calculatePricing, type PricingAnswers } from "./worksheets/pricing";
import type { WorksheetAnswers } from "./worksheets/stored";
import { loadWorksheetAnswers } from "./worksheets/store.server";

// "Ask ClarityAI about this lesson": a new conversation with the AI coach whose first message quotes
// the lesson (its title, summary and key points) and, when the learner chooses, their worksheet
// answers, so the coach starts from what the learner is studying. The message is the learner's own
// (they see exactly what was shared, and so does the model on every later reply); the reply plan
// says where the conversation started, so the reply (the offline coach's too) acknowledges it.
// Subscribers only: the chat domain refuses everyone else.

const KEY_POINTS_MAX = 8;
const POINT_MAX = 220;
const ANSWERS_MAX = 1600;

/** Markdown inline syntax as plain words: links keep their text, emphasis and code marks go. */
function plain(text: string): string {
  return text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .replace(/[*_`]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/**
 * A lesson's key points, from its markdown: its section headings and the items of its lists, in
 * order (at most eight); a lesson without either gives its first paragraphs' opening sentences.
 */
export function lessonKeyPoints(bodyMd: string): string[] {
  const points: string[] = [];
  for (const line of bodyMd.split("\n")) {
    const match = /^\s{0,3}(?:#{2,4}\s+(.+)|[-*+]\s+(.+)|\d+[.)]\s+(.+))$/.exec(line);
    const text = match ? plain(match[1] ?? match[2] ?? match[3] ?? "") : "";
    if (text && !points.includes(text)) points.push(clip(text, POINT_MAX));
    if (points.length >= KEY_POINTS_MAX) return points;
  }
  if (points.length) return points;
  return bodyMd
    .split(/\n\s*\n/)
    .map((paragraph) => plain(paragraph.replace(/^#+\s*/, "")))
    .filter(Boolean)
    .slice(0, 3)
    .map((paragraph) => clip(paragraph.split(/(?<=[.!?])\s/)[0] ?? paragraph, POINT_MAX));
}

const aud = new Intl.NumberFormat("en-AU", { style: "currency", currency: "AUD" });
const dollars = (value: number) => aud.format(value);
const cents = (value: number) => aud.format(value / 100);

/** The learner's answers as short plain text for the AI coach: the figures and the results, or the document's sections. */
export function worksheetAnswersText(spec: WorksheetSpec, answers: WorksheetAnswers): string {
  switch (spec.kind) {
    case "cash-flow-forecast": {
      const forecast = answers as ForecastAnswers;
      const result = calculateForecast(forecast);
      const week = (n: number) => (forecast.firstWeekStarting ? weekLabel(forecast.firstWeekStarting, n) : `week ${n}`);
      const lines = [
        `13-week cash-flow forecast${forecast.firstWeekStarting ? ` from ${forecast.firstWeekStarting}` : ""}:`,
        `- Opening balance ${dollars(result.openingBalance)}; closing balance after 13 weeks ${dollars(result.closingBalance)}.`,
        `- Receipts ${dollars(result.totals.receipts)}, payments ${dollars(result.totals.payments)}, net ${dollars(result.totals.net)}.`,
        `- Lowest balance ${dollars(result.lowest.balance)} in ${week(result.lowest.week)}.`,
      ];
      if (result.minimumBuffer > 0) {
        lines.push(
          result.weeksBelowBuffer.length
            ? `- Below the ${dollars(result.minimumBuffer)} buffer in weeks ${result.weeksBelowBuffer.join(", ")}.`
            : `- Never below the ${dollars(result.minimumBuffer)} buffer.`,
        );
      }
      forecast.receipts.forEach(
        (line, i) => line.label && lines.push(`- Receipts, ${plain(line.label)}: ${dollars(result.receiptLineTotals[i] ?? 0)} over 13 weeks.`),
      );
      forecast.payments.forEach(
        (line, i) => line.label && lines.push(`- Payments, ${plain(line.label)}: ${dollars(result.paymentLineTotals[i] ?? 0)} over 13 weeks.`),
      );
      return lines.join("\n");
    }
    case "pricing-calculator": {
      const pricing = answers as PricingAnswers;
      const result = calculatePricing(pricing);
      return [
        `Pricing${pricing.item ? ` for ${plain(pricing.item)}` : ""}:`,
        ...pricing.costs.filter((cost) => cost.label || cost.amount).map((cost) => `- ${plain(cost.label) || "Cost"}: ${dollars(cost.amount)}`),
        `- Total cost ${cents(result.costCents)}; target margin ${pricing.targetMarginPercent}%.`,
        `- Price ${cents(result.priceExGstCents)} ex GST, ${pricing.gstRegistered ? `GST ${cents(result.gstCents)}, ${cents(result.priceIncGstCents)} including GST` : "not registered for GST"}.`,
      ].join("\n");
    }
    case "sop":
      return documentText(sopDocument(answers as SopAnswers, spec.title), "").trim();
    default:
      return documentText(templateDocument(answers as TemplateAnswers, spec), "").trim();
  }
}

/** The first message of the conversation: the learner's ask, then the lesson, then (if chosen) the answers, within the chat's limit. */
export function lessonMessage(input: { moduleTitle: string; lesson: Pick<PublishedLesson, "title" | "summary" | "bodyMd">; answers: string | null }): string {
  const points = lessonKeyPoints(input.lesson.bodyMd);
  const head = [
    `I'm working through the lesson "${input.lesson.title}" (${input.moduleTitle}) in the ClarityAI learning hub. Help me understand it and apply it to my business: what should I do first?`,
    `Lesson summary:\n${plain(input.lesson.summary)}`,
    ...(points.length ? [`Key points:\n${points.map((point) => `- ${point}`).join("\n")}`] : []),
  ].join("\n\n");
  if (!input.answers) return head.slice(0, CHAT_MAX_MESSAGE_LENGTH);
  const room = CHAT_MAX_MESSAGE_LENGTH - head.length - 40;
  return `${head}\n\nMy worksheet answers:\n${clip(input.answers, Math.max(0, Math.min(ANSWERS_MAX, room)))}`.slice(0, CHAT_MAX_MESSAGE_LENGTH);
}

export type AskResult = { conversationId: string } | { refused: "locked" | "no-answers" };

/**
 * Starts the conversation (or finds it again: the same lesson and answers give the same first
 * message, and a retry the same conversation) and returns its id. A lesson the viewer can't open is
 * refused; unknown or draft ids are the 404; a non-subscriber gets the chat's 402 ChatError.
 */
export async function askAboutLesson(context: AppLoadContext, viewer: Viewer, lessonId: string, includeAnswers: boolean): Promise<AskResult> {
  const { module, lesson, gate } = await lessonForViewer(context, viewer, lessonId);
  if (gate.state !== "open") return { refused: "locked" };
  const spec = lesson.worksheet;
  const saved = includeAnswers && spec ? await loadWorksheetAnswers(context.db, viewer.id, lesson.id, spec) : null;
  if (includeAnswers && !saved) return { refused: "no-answers" };
  const answers = saved && spec ? worksheetAnswersText(spec, saved.answers) : null;
  const message = lessonMessage({ moduleTitle: module.title, lesson, answers });
  const startedFrom: StartedFrom = {
    label: `the lesson "${lesson.title}"`,
    includes: ["its summary and key points", ...(answers ? ["your worksheet answers"] : [])],
  };
  const clientMessageId = `lesson-${await sha256Hex(`${lesson.id}\n${message}`, 16)}`;
  const result = await sendChatMessage(context, viewer.id, { message, conversationId: null, clientMessageId }, viewer.aiSubscription, { startedFrom });
  // The reply is written in the conversation's own object and carries on without this response.
  await result.response.body?.cancel();
  return { conversationId: result.conversationId };
}

import { Link } from "@remix-run/react";

// PLACEHOLDER (owner: i25-coach) — "Ask ClarityAI about this lesson". Keep the props.
export function AskClarityAi({ lessonId, subscriber, hasWorksheetAnswers }: { lessonId: string; subscriber: boolean; hasWorksheetAnswers: boolean }) {
  void lessonId;
  void hasWorksheetAnswers;
  return subscriber ? <Link to="/profile?tab=ai-assistant">Ask ClarityAI about this lesson</Link> : <Link to="/clarityai#pricing">See ClarityAI plans</Link>;
}

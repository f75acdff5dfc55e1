import { AI_COACH_SAMPLES } from "~/content/ai-coach-samples";

/** The transcript of one sample question, as the server renders it before the demo loads. */
export function AiCoachTranscript({ index = 0 }: { index?: number }) {
  const sample = AI_COACH_SAMPLES[index] ?? AI_COACH_SAMPLES[0];
  return (
    <div className="chat-demo">
      <ol aria-label="Sample conversation with ClarityAI">
        <li className="chat-bubble" data-role="user">
          <span className="chat-label">You</span>
          {sample.question}
        </li>
        <li className="chat-bubble" data-role="assistant">
          <span className="chat-label">ClarityAI</span>
          {sample.answer}
        </li>
      </ol>
    </div>
  );
}

/**
 * The home hero's picture of the product: one sample exchange framed as the ClarityAI window. It is an
 * illustration, so it is a captioned figure and the window's title and input are decoration, hidden
 * from screen readers and not focusable. Plain server-rendered markup: no script, no images, nothing
 * that loads later and moves the page.
 */
export function AiCoachPreview({ index }: { index: number }) {
  return (
    <figure className="ai-preview">
      <p className="ai-preview-bar" aria-hidden="true">
        ClarityAI <span className="badge">Pro</span>
      </p>
      <AiCoachTranscript index={index} />
      <p className="ai-preview-input" aria-hidden="true">
        Ask me anything about your business...
      </p>
      <figcaption>Example ClarityAI conversation</figcaption>
    </figure>
  );
}

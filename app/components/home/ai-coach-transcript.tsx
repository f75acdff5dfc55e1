import { AI_COACH_SAMPLES } from "~/content/home";

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

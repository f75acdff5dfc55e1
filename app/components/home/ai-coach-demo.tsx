import { useState } from "react";
import { AI_COACH_SAMPLES } from "~/content/ai-coach-samples";
import { AiCoachTranscript } from "./ai-coach-transcript";

/** Interactive demo: pick a sample question and read how the AI coach answers it. */
export default function AiCoachDemo() {
  const [index, setIndex] = useState(0);
  return (
    <div>
      <div className="button-row" role="group" aria-label="Sample questions">
        {AI_COACH_SAMPLES.map((sample, i) => (
          <button
            key={sample.question}
            type="button"
            className={i === index ? "button button-light" : "button button-outline-light"}
            aria-pressed={i === index}
            onClick={() => setIndex(i)}
          >
            Example {i + 1}
          </button>
        ))}
      </div>
      <div aria-live="polite" className="chat-demo-live">
        <AiCoachTranscript index={index} />
      </div>
    </div>
  );
}

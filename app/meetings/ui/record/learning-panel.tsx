import { AssignedLessonsList, AssignLessonForm } from "~/learning/ui/assign-lesson";
import type { RecordData } from "~/meetings/record.server";
import { useRecordResult, useSubmittingIntent } from "./use-record-action";

/** The coach's lessons for this client: what is assigned (with completion) and the form to assign one from this session. */
export function LearningPanel({ learning }: { learning: NonNullable<RecordData["learning"]> }) {
  const result = useRecordResult("assign-lesson");
  const busy = useSubmittingIntent("assign-lesson");
  const { clientName, panel } = learning;
  return (
    <section aria-labelledby="learning-heading" className="card record-panel" id="learning">
      <h2 id="learning-heading">Lessons for {clientName}</h2>
      {panel ? (
        <>
          <AssignedLessonsList assigned={panel.assigned} clientName={clientName} />
          <AssignLessonForm
            clientName={clientName}
            lessons={panel.lessons}
            today={panel.today}
            noteMax={panel.noteMax}
            result={result ? { errors: result.errors, values: result.values as Record<string, string> | undefined } : null}
            busy={busy}
          />
        </>
      ) : (
        <p className="hint">{clientName} booked without an account, so they have no learning hub yet. Once they sign up, you can assign them lessons here.</p>
      )}
    </section>
  );
}

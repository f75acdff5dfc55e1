import { Suspense } from "react";
import { lazyComponent } from "~/utils/lazy-component";
import type { WorksheetPanelProps } from "./worksheet-panel";

// The one place the worksheet panel is imported: its code (calculations, the forecast grid, the
// exports' forms) is off the lesson page's first load. The server renders the panel, whose forms work
// as plain posts; the browser fetches its code only when a lesson with a worksheet hydrates, and
// until it arrives React keeps the server's markup in place.
const WorksheetPanel = lazyComponent(() => import("./worksheet-panel").then((module) => ({ default: module.WorksheetPanel })));

export function LessonWorksheet(props: WorksheetPanelProps) {
  return (
    <Suspense>
      <WorksheetPanel {...props} />
    </Suspense>
  );
}

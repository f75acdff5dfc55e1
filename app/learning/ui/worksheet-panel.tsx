import { memo, Suspense } from "react";
import { lazyComponent } from "~/utils/lazy-component";
import stylesHref from "~/styles/learning-worksheets.css?url";
import type { WorksheetPanelProps } from "./worksheet-props";

// The lesson's "Apply it to your business" panel. The server renders it whole (readable and usable
// as a plain form without JavaScript); in the browser its code (the live calculations, the grid, the
// saving) loads on its own, after the lesson page, so the page's first-load JavaScript stays small.

export type { WorksheetCoach, WorksheetPanelProps } from "./worksheet-props";

const WorksheetEditor = lazyComponent<WorksheetPanelProps>(() => import("./worksheet-editor"));
// On a page whose HTML holds a worksheet, its code starts loading with the page's modules, before
// React hydrates: it is then usually there when hydration reaches the panel, which hydrates with the
// rest of the page. A lesson without a worksheet never loads it.
if (!import.meta.env.SSR && document.getElementById("worksheet")) void WorksheetEditor.preload();

// Memoised: until its code has arrived, the editor is server HTML waiting to hydrate, and a render of
// the lesson page that reached it meanwhile (with the same loader data) would make React throw that
// HTML away and draw it again (React error 421), losing what the learner had started typing.
export const WorksheetPanel = memo(function WorksheetPanel(props: WorksheetPanelProps) {
  return (
    <section id="worksheet" className="worksheet" aria-labelledby="worksheet-heading">
      <link rel="stylesheet" href={stylesHref} />
      <p className="worksheet-eyebrow">Apply it to your business</p>
      <h2 id="worksheet-heading">{props.spec.title}</h2>
      <Suspense fallback={<p>Loading the worksheet…</p>}>
        <WorksheetEditor {...props} />
      </Suspense>
    </section>
  );
});

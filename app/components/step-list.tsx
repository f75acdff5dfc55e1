/** Numbered steps as cards ("How it works", "How the application works"…). */
export function StepList({ steps, className = "steps" }: { steps: readonly { title: string; body: string }[]; className?: string }) {
  return (
    <ol className={className}>
      {steps.map((step) => (
        <li key={step.title} className="card">
          <h3>{step.title}</h3>
          <p>{step.body}</p>
        </li>
      ))}
    </ol>
  );
}

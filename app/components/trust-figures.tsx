/** Headline results: a large figure, then what it measures. */
export function TrustFigures({ figures }: { figures: readonly { figure: string; label: string }[] }) {
  return (
    <ul className="trust-figures">
      {figures.map((item) => (
        <li key={item.label}>
          <strong>{item.figure}</strong>
          {item.label}
        </li>
      ))}
    </ul>
  );
}

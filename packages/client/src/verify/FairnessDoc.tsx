import fairnessDoc from "../../../../docs/FAIRNESS.md?raw";

/** The document's `## ` sections: title and body text. */
export function splitSections(markdown: string): { title: string; body: string }[] {
  return markdown
    .split(/^## /m)
    .slice(1)
    .map((chunk) => {
      const newline = chunk.indexOf("\n");
      return { title: chunk.slice(0, newline).trim(), body: chunk.slice(newline + 1).trim() };
    });
}

/** docs/FAIRNESS.md, the public specification of every mapping, one collapsible section each. */
export function FairnessDoc() {
  const sections = splitSections(fairnessDoc);
  return (
    <section className="panel verify-doc" aria-labelledby="fairness-doc-title" id="specification">
      <h2 id="fairness-doc-title">The specification (docs/FAIRNESS.md)</h2>
      <p className="hint-text">
        Every step from the seeds to the payout, with worked examples the casino's test suite checks against
        the game code.
      </p>
      {sections.map((section) => (
        <details key={section.title} className="verify-doc-section" data-testid="fairness-section">
          <summary>{section.title}</summary>
          <pre className="verify-doc-text">{section.body}</pre>
        </details>
      ))}
    </section>
  );
}

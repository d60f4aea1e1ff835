import { formatFraction } from "../ui/format.ts";
import { summarizeOutcome } from "./outcomeSummary.ts";
import type { RoundTrace } from "./traceRound.ts";

/** The verdict and every step of a replayed round: blocks, floats, mapping and outcome. */
export function RoundTraceView({ trace }: { trace: RoundTrace }) {
  if (!trace.ok) {
    return (
      <p className="form-error" role="alert" data-testid="verify-error">
        Cannot replay this round: {trace.message}
      </p>
    );
  }
  const { result } = trace;
  return (
    <div className="verify-trace" data-testid="verify-trace" data-game={result.game}>
      <section className="verify-step">
        <h3>Outcome</h3>
        <ul className="verify-outcome" data-testid="verify-outcome">
          {summarizeOutcome(result).map((line) => (
            <li key={line} className="mono">
              {line}
            </li>
          ))}
        </ul>
        <p className="mono wrap">
          SHA-256(server seed) = <span data-testid="verify-seed-hash">{result.serverSeedHash}</span>
        </p>
        {result.hashMatches !== null && (
          <p
            className={result.hashMatches ? "ok-text" : "form-error"}
            data-testid="verify-hash-check"
            data-ok={String(result.hashMatches)}
          >
            {result.hashMatches
              ? "✓ The server seed hashes to the commitment published before the round."
              : "✗ The server seed does not hash to the published commitment."}
          </p>
        )}
        <details>
          <summary>Outcome as stored (JSON)</summary>
          <pre className="verify-json" data-testid="verify-outcome-json">
            {JSON.stringify(result.outcome, null, 2)}
          </pre>
        </details>
      </section>
      <section className="verify-step">
        <h3>1. HMAC-SHA256 (key = server seed)</h3>
        {trace.blocks.length === 0 && <p className="hint-text">This round reads no random numbers.</p>}
        <ol className="verify-blocks" start={0}>
          {trace.blocks.map((block) => (
            <li key={block.round}>
              <span className="mono">"{block.message}"</span> →{" "}
              <span className="mono wrap verify-hex" data-testid="verify-hmac">
                {block.hex}
              </span>
            </li>
          ))}
        </ol>
      </section>
      <section className="verify-step">
        <h3>2. Bytes → floats → {result.game}</h3>
        <div className="verify-table-wrap">
          <table className="verify-table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Bytes</th>
                <th scope="col">Float</th>
                <th scope="col">Mapping</th>
              </tr>
            </thead>
            <tbody>
              {trace.floats.map((f) => (
                <tr key={f.index} data-testid="verify-float">
                  <td>{f.index}</td>
                  <td className="mono">{f.bytes}</td>
                  <td className="mono">{formatFraction(f.value, 10)}</td>
                  <td>{f.meaning}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

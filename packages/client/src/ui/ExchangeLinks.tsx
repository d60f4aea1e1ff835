import type { Exchange } from "../api/types.ts";

/** Buttons to the exchanges where AMINA is bought; each opens in a new tab without an opener. */
export function ExchangeLinks({ exchanges }: { exchanges: Exchange[] }) {
  if (exchanges.length === 0) return <p className="hint-text">No exchange lists AMINA yet.</p>;
  return (
    <div className="exchange-links">
      {exchanges.map((exchange) => (
        <a
          key={exchange.url}
          className="btn btn-primary"
          href={exchange.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Buy AMINA on ${exchange.name} (opens in a new tab)`}
        >
          Buy on {exchange.name} ↗
        </a>
      ))}
    </div>
  );
}

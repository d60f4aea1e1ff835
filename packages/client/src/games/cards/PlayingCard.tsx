/** Suit names and symbols as both games send them, with their colour. */
const SUITS: Record<string, { symbol: string; red: boolean; name: string }> = {
  diamonds: { symbol: "♦", red: true, name: "diamonds" },
  hearts: { symbol: "♥", red: true, name: "hearts" },
  spades: { symbol: "♠", red: false, name: "spades" },
  clubs: { symbol: "♣", red: false, name: "clubs" },
  "♦": { symbol: "♦", red: true, name: "diamonds" },
  "♥": { symbol: "♥", red: true, name: "hearts" },
  "♠": { symbol: "♠", red: false, name: "spades" },
  "♣": { symbol: "♣", red: false, name: "clubs" },
};

/** One playing card; a "hidden" card shows its back. */
export function PlayingCard({ rank, suit, size = "md" }: { rank: string; suit: string; size?: "md" | "lg" }) {
  if (rank === "hidden" || suit === "hidden") {
    return (
      <div
        className={`playing-card card-back card-${size}`}
        role="img"
        aria-label="Hidden card"
        data-testid="card"
        data-card="hidden"
      />
    );
  }
  const face = SUITS[suit] ?? { symbol: suit, red: false, name: suit };
  return (
    <div
      className={`playing-card card-${size}${face.red ? " is-red" : ""}`}
      role="img"
      aria-label={`${rank} of ${face.name}`}
      data-testid="card"
      data-card={`${rank}${face.symbol}`}
    >
      <span className="card-corner">
        {rank}
        <span className="card-suit">{face.symbol}</span>
      </span>
      <span className="card-center" aria-hidden="true">
        {face.symbol}
      </span>
      <span className="card-corner card-corner-bottom" aria-hidden="true">
        {rank}
        <span className="card-suit">{face.symbol}</span>
      </span>
    </div>
  );
}

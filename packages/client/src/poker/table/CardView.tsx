import { describeCard, isRedSuit, suitSymbol } from "./cardText.ts";
import type { CardSnap } from "./tableSnapshot.ts";

/** One card: its face when known, its back when dealt but hidden, or an empty slot. */
export function CardView({
  card,
  state = card ? "face" : "slot",
  size = "md",
}: {
  card?: CardSnap | undefined;
  state?: "face" | "back" | "slot";
  size?: "sm" | "md";
}) {
  if (state === "face" && card) {
    return (
      <span
        className={`poker-card poker-card-${size} ${isRedSuit(card.suit) ? "is-red" : "is-black"}`}
        role="img"
        aria-label={describeCard(card)}
        data-card={`${card.rank}${suitSymbol(card.suit)}`}
      >
        <span className="poker-card-rank" aria-hidden="true">
          {card.rank}
        </span>
        <span className="poker-card-suit" aria-hidden="true">
          {suitSymbol(card.suit)}
        </span>
      </span>
    );
  }
  if (state === "back") {
    return (
      <span
        className={`poker-card poker-card-${size} poker-card-back`}
        role="img"
        aria-label="Face-down card"
      />
    );
  }
  return <span className={`poker-card poker-card-${size} poker-card-slot`} aria-hidden="true" />;
}

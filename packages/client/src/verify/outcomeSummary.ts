/** One line per replayed outcome, in the words the game screens use, for the verifier's verdict. */
import {
  type CardIndex,
  handTotal,
  hiloMultiplier,
  type RoundVerification,
  unitsToCoins,
} from "@casino/protocol";
import { cardLabel } from "@casino/protocol/fair/fairness-doc";

/** Cards as "9♣ 2♦ Q♣". */
function cardsText(cards: readonly CardIndex[]): string {
  return cards.map(cardLabel).join(" ");
}

/** What the round came to, e.g. "Dice 1 + 1 = 2: low wins 2.3328x, pays 2.3328". */
export function summarizeOutcome(result: RoundVerification): string[] {
  const paid = `pays ${unitsToCoins(result.win)}`;
  switch (result.game) {
    case "dice": {
      const o = result.outcome;
      return [
        `Dice ${o.dice1} + ${o.dice2} = ${o.total}: ${o.betType} ${o.isWin ? "wins" : "loses"}, ${paid}`,
      ];
    }
    case "plinko": {
      const o = result.outcome;
      const path = o.path.map((step) => (step === 1 ? "R" : "L")).join("");
      return [`Path ${path}: slot ${o.slot}, ${o.multiplier}x on ${o.risk} risk, ${paid}`];
    }
    case "slots": {
      const o = result.outcome;
      if (o.grid.length === 0) return [`Bonus bought: ${o.bonusSpinsAwarded} free spins at ${o.multiplier}x`];
      const rows = Array.from({ length: 5 }, (_, r) => o.grid.slice(r * 5, r * 5 + 5).join(" · "));
      const clusters =
        o.clusterWins.map((c) => `${c.size} ${c.symbol} (${c.pay}x)`).join(", ") || "no cluster";
      return [
        ...rows,
        `${clusters}; ${o.scatterCount} scatter${o.scatterCount === 1 ? "" : "s"}${o.bonusTriggered ? ", bonus triggered" : ""}${o.capped ? ", capped" : ""}: ${paid}`,
      ];
    }
    case "blackjack": {
      const o = result.outcome;
      const hands = o.hands.map(
        (hand, i) =>
          `Hand ${i + 1}: ${cardsText(hand.cards)} (${handTotal(hand.cards).total}) ${hand.result ?? "open"}${hand.doubled ? ", doubled" : ""}`,
      );
      return [
        `Dealer: ${cardsText(o.dealer)} (${handTotal(o.dealer).total})`,
        ...hands,
        o.phase === "settled" ? `Settled: ${paid}` : "Still open: more actions are needed to settle it",
      ];
    }
    case "hilo": {
      const o = result.outcome;
      return [
        `Cards: ${cardsText(o.cards)}`,
        `Guesses: ${o.guesses.join(", ") || "none"}; ${o.streak} correct, multiplier ${hiloMultiplier(o)}`,
        o.status === "active" ? "Still open" : `${o.status === "lost" ? "Lost" : "Cashed out"}: ${paid}`,
      ];
    }
  }
}

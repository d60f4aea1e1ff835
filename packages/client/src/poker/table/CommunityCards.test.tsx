import { cardFace } from "@casino/protocol";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CommunityCards } from "./CommunityCards.tsx";
import { describeCard } from "./cardText.ts";

describe("CommunityCards", () => {
  it("draws five slots: the dealt cards in order, then empty slots", () => {
    const flop = [0, 13, 51].map((card) => cardFace(card));
    const html = renderToStaticMarkup(<CommunityCards cards={flop} testId="board" />);
    expect(html).toMatch(/^<ul class="poker-community" aria-label="Community cards" data-testid="board">/);
    expect(html.match(/<li>/g)).toHaveLength(5);
    const named = [...html.matchAll(/aria-label="([^"]+ of [^"]+)"/g)].map((m) => m[1]);
    expect(named).toEqual(flop.map(describeCard));
    expect(html.match(/poker-card-slot/g)).toHaveLength(2);
  });

  it("draws five empty slots before the flop", () => {
    const html = renderToStaticMarkup(<CommunityCards cards={[]} testId="board" />);
    expect(html.match(/poker-card-slot/g)).toHaveLength(5);
  });
});

import { CardView } from "./CardView.tsx";
import type { CardSnap } from "./tableSnapshot.ts";

/** The board's five card slots, each showing its card once dealt. */
export function CommunityCards({
  cards,
  testId,
}: {
  cards: readonly (CardSnap | undefined)[];
  testId: string;
}) {
  return (
    <ul className="poker-community" aria-label="Community cards" data-testid={testId}>
      {Array.from({ length: 5 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the five board slots are fixed positions
        <li key={i}>
          <CardView card={cards[i]} />
        </li>
      ))}
    </ul>
  );
}

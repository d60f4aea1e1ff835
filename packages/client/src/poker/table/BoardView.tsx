import { useEffect, useState } from "react";
import { CommunityCards } from "./CommunityCards.tsx";
import { isShowingResult, nameOfPlayer, type TableSnapshot } from "./tableSnapshot.ts";

const PHASE_NAMES: Record<string, string> = {
  waiting: "Waiting",
  preflop: "Pre-flop",
  flop: "Flop",
  turn: "Turn",
  river: "River",
  showdown: "Showdown",
};

/** Seconds until a planned automatic deal, ticking once a second; null when none is planned. */
function useSecondsUntil(at: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [at]);
  return at > 0 ? Math.max(0, Math.ceil((at - now) / 1000)) : null;
}

/** The middle of the felt: phase, five community card slots, pot and side pots, the last result. */
export function BoardView({ snapshot }: { snapshot: TableSnapshot }) {
  const nextIn = useSecondsUntil(snapshot.nextHandAt);
  const showing = isShowingResult(snapshot);
  const phase = showing ? "Showdown" : (PHASE_NAMES[snapshot.gamePhase] ?? snapshot.gamePhase);
  const names = new Map(snapshot.players.map((p) => [p.seatPosition, nameOfPlayer(p)]));
  const sidePots = snapshot.pots.length > 1 ? snapshot.pots.slice(1) : [];
  return (
    <div className="poker-board">
      <p className="poker-phase" data-testid="poker-phase">
        {phase}
        {snapshot.handNumber > 0 && <span className="poker-hand-no"> · Hand #{snapshot.handNumber}</span>}
      </p>
      <CommunityCards cards={snapshot.communityCards} testId="community-cards" />
      <p className="poker-pot" data-testid="poker-pot">
        Pot{" "}
        <strong>
          {showing ? snapshot.winners.reduce((sum, w) => sum + w.amount, 0) : snapshot.currentPot}
        </strong>
        {sidePots.length > 0 && (
          <span className="poker-side-pots">
            {" "}
            (main {snapshot.pots[0]?.amount ?? 0}
            {sidePots.map((pot, i) => `, side ${i + 1}: ${pot.amount}`).join("")})
          </span>
        )}
      </p>
      {showing && (
        <ul className="poker-winners" data-testid="poker-winners">
          {snapshot.winners.map((w) => (
            <li key={`${w.potIndex}-${w.seat}`}>
              {names.get(w.seat) ?? `Seat ${w.seat + 1}`} wins {w.amount}
              {w.handName ? ` with ${w.handName}` : ""}
            </li>
          ))}
        </ul>
      )}
      {snapshot.paused && <p className="poker-paused">Maintenance: new hands are paused</p>}
      {nextIn !== null && snapshot.gamePhase === "waiting" && (
        <p className="poker-next-hand">Next hand in {nextIn}s</p>
      )}
    </div>
  );
}

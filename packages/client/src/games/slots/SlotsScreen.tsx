import {
  BUY_BONUS_COST_MULTIPLIER,
  FREE_SPIN_MULTIPLIER,
  FREE_SPINS_AWARDED,
  formatUnits,
  MIN_CLUSTER_SIZE,
  SLOT_CELLS,
  SLOT_SYMBOLS,
  type SlotPosition,
  type SlotSymbol,
} from "@casino/protocol";
import { messageOf } from "@casino/protocol/wire/failures";
import { useAtomValue } from "jotai";
import { useEffect, useRef, useState } from "react";
import { useBetBlock } from "../../floor/play-state/usePlayPause.ts";
import { formatMoney, formatMultiplier } from "../../ui/format.ts";
import { Money } from "../../ui/Money.tsx";
import { AutoBetPanel } from "../autobet/AutoBetPanel.tsx";
import { refuseRound } from "../autobet/refusedRound.ts";
import { type AutoBetRound, useAutoBet } from "../autobet/useAutoBet.ts";
import { BetPanel } from "../bet-panel/BetPanel.tsx";
import { useBetSetup } from "../bet-panel/betAtoms.ts";
import { BET_BLOCK_REASON_ID, PlayButton } from "../bet-panel/PlayButton.tsx";
import { GameFrame } from "../frame/GameFrame.tsx";
import { amountUnits, readCurrency } from "../frame/gameAmounts.ts";
import { animationMs, instantModeAtom } from "../frame/instantMode.ts";
import { ErrorBox, ResultBox, type ShownResult } from "../frame/RoundMessages.tsx";
import { settledResult } from "../frame/roundOutcome.ts";
import { useMainKey } from "../frame/useMainKey.ts";
import { describeGameFailure } from "../room/failureText.ts";
import { useGameRoom } from "../room/useGameRoom.ts";
import { useResumeOnce } from "../room/useResumeOnce.ts";
import { useRecordRound } from "../session-stats/useRecordRound.ts";
import SlotsScene from "./SlotsScene.tsx";
import {
  AUTO_SPIN_DELAY_MS,
  bonusAfterAnswer,
  bonusFromSnapshot,
  type HeldBonus,
  SPIN_TICK_MS,
  SPIN_TICKS,
  spinButtonLabel,
  WIN_HIGHLIGHT_MS,
  winningCells,
} from "./slotsFlow.ts";

/** The grid before the first spin: a calm arrangement of every symbol. */
const OPENING_GRID: SlotSymbol[] = Array.from(
  { length: SLOT_CELLS },
  (_, cell) => SLOT_SYMBOLS[(cell * 3) % SLOT_SYMBOLS.length]!,
);

/** Waits `ms` milliseconds. */
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Cosmic Chaos: 5x5 cluster slots with free spins and Buy Bonus; the server settles every spin. */
export default function SlotsScreen() {
  const room = useGameRoom("slots");
  const bet = useBetSetup();
  const block = useBetBlock(bet.currency);
  const [grid, setGrid] = useState<SlotSymbol[]>(OPENING_GRID);
  const [spinning, setSpinning] = useState(false);
  const [buying, setBuying] = useState(false);
  const [lit, setLit] = useState<number[]>([]);
  const [bonus, setBonus] = useState<HeldBonus | null>(null);
  const [result, setResult] = useState<ShownResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const bonusRef = useRef(bonus);
  bonusRef.current = bonus;

  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  useResumeOnce(room.snapshot, (snapshot) => setBonus(bonusFromSnapshot(snapshot.slots)));

  const later = (ms: number, run: () => void) => {
    timers.current.push(setTimeout(run, ms));
  };

  const busy = spinning || buying;
  const ready = room.status === "ready" && !busy;

  const instant = useAtomValue(instantModeAtom);
  const recordRound = useRecordRound();

  const spin = async () => {
    if (room.status !== "ready" || spinning) return;
    const held = bonusRef.current;
    const free = held !== null && held.left > 0;
    if (!free && bet.units > bet.balanceUnits) {
      setError(messageOf("bet/insufficient_balance"));
      return;
    }
    await placeSpin(bet.units);
  };

  /** Spins once at `units` (a held free spin plays at the bonus's own bet and stakes nothing); shows and returns the result. */
  const placeSpin = async (units: number): Promise<AutoBetRound> => {
    setError(null);
    const held = bonusRef.current;
    const free = held !== null && held.left > 0;
    setSpinning(true);
    setLit([]);
    setResult(null);
    const payload = free
      ? { betAmount: formatUnits(held.betUnits), currency: held.currency, isFreeSpins: true }
      : { betAmount: formatUnits(units), currency: bet.currency };
    const [outcome] = await Promise.all([
      room.act("spin", payload),
      wait(animationMs(SPIN_TICKS * SPIN_TICK_MS, instant)),
    ]);
    setSpinning(false);
    if (!outcome.ok) return refuseRound("spin", outcome.failure, setError);
    const body = outcome.body;
    const currency = readCurrency(body.currency);
    const win = amountUnits(body.winAmount);
    setGrid((body.grid as SlotSymbol[]) ?? OPENING_GRID);
    const cells = winningCells((body.clusters as SlotPosition[][]) ?? []);
    setLit(cells);
    if (cells.length > 0) later(WIN_HIGHLIGHT_MS, () => setLit([]));
    const next = bonusAfterAnswer(body, held);
    setBonus(next);
    const betUnits = free ? 0 : units;
    const parts = body.isWin === true ? [] : ["No win this time!"];
    if (body.isFreeSpin === true) parts.push(`Free spin at ${formatMultiplier(Number(body.multiplier))}.`);
    if (body.bonusTriggered === true)
      parts.push(`BONUS! ${Number(body.bonusSpinsAwarded)} free spins awarded.`);
    if (held && !next && body.isFreeSpin === true)
      parts.push(`Bonus over: ${formatMoney(held.wonUnits + win, currency)} paid in free spins.`);
    setResult({ ...settledResult(parts.join(" "), betUnits, win, currency), round: body.round });
    recordRound({ currency, betUnits, winUnits: win });
    return { ok: true, betUnits, winUnits: win };
  };

  const auto = useAutoBet(bet, placeSpin);

  const spinRef = useRef(spin);
  spinRef.current = spin;

  const buyBonus = async () => {
    if (!ready || bonus) return;
    setError(null);
    if (bet.units * BUY_BONUS_COST_MULTIPLIER > bet.balanceUnits) {
      setError(messageOf("slots/insufficient_for_bonus"));
      return;
    }
    setBuying(true);
    const outcome = await room.act("buyBonus", { betAmount: formatUnits(bet.units), currency: bet.currency });
    setBuying(false);
    if (!outcome.ok) {
      setError(describeGameFailure("buyBonus", outcome.failure));
      return;
    }
    const bought = bonusAfterAnswer(outcome.body, null);
    recordRound(
      { currency: bet.currency, betUnits: bet.units * BUY_BONUS_COST_MULTIPLIER, winUnits: 0 },
      { silent: true },
    );
    setBonus(bought);
    setResult({
      text: `Bonus bought: ${bought?.left ?? FREE_SPINS_AWARDED} free spins at ${bought?.multiplier ?? FREE_SPIN_MULTIPLIER}x. Spinning...`,
      tone: "info",
      round: outcome.body.round,
    });
    later(AUTO_SPIN_DELAY_MS, () => void spinRef.current());
  };

  useMainKey(() => void spin(), ready && !auto.running);

  const cost = bet.units * BUY_BONUS_COST_MULTIPLIER;
  return (
    <GameFrame
      gameType="slots"
      status={room.status}
      betPanel={
        <BetPanel
          bet={bet}
          busy={busy || auto.running}
          lockedCurrency={bonus?.currency}
          note={bonus ? "Free spins play at the bonus's own bet." : undefined}
        />
      }
      autoBet={<AutoBetPanel auto={auto} currency={bet.currency} roomStatus={room.status} />}
    >
      <div className="panel slots-table">
        {bonus && (
          <div className="bonus-banner" data-testid="bonus-banner" role="status">
            <strong>FREE SPINS</strong>
            <span data-testid="free-spins-left">{bonus.left} left</span>
            <span>Multiplier x{bonus.multiplier}</span>
            <span>
              Bonus win <Money units={bonus.wonUnits} currency={bonus.currency} code />
            </span>
          </div>
        )}
        <SlotsScene grid={grid} spinning={spinning && !instant} lit={lit} />
        <p className="hint-text slots-note">{MIN_CLUSTER_SIZE} or more connected symbols win</p>
        <div className="slots-actions">
          <PlayButton
            ready={room.status === "ready" && !busy && !auto.running}
            blocked={bonus === null && block !== null}
            onClick={() => void spin()}
          >
            {spinButtonLabel(spinning, bonus)}
          </PlayButton>
          <button
            type="button"
            className="btn btn-huge buy-bonus"
            disabled={!ready || bonus !== null || auto.running || block !== null}
            aria-describedby={block ? BET_BLOCK_REASON_ID : undefined}
            onClick={() => void buyBonus()}
          >
            Buy Bonus{" "}
            <span className="hint-text">
              <Money units={cost} currency={bet.currency} code />
            </span>
          </button>
        </div>
        <ErrorBox message={error} cause={`${bet.currency}|${block?.text ?? ""}`} />
        <ResultBox result={result} idle="Spin to play. Three black holes trigger 10 free spins." />
      </div>
    </GameFrame>
  );
}

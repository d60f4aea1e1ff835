import { type DiceBetType, formatUnits } from "@casino/protocol";
import { messageOf } from "@casino/protocol/wire/failures";
import { useAtomValue } from "jotai";
import { useState } from "react";
import { useBetBlock } from "../../floor/play-state/usePlayPause.ts";
import { ChoiceGroup, type ChoiceGroupLook } from "../../ui/ChoiceGroup.tsx";
import { AutoBetPanel } from "../autobet/AutoBetPanel.tsx";
import { refuseRound } from "../autobet/refusedRound.ts";
import { type AutoBetRound, useAutoBet } from "../autobet/useAutoBet.ts";
import { BetPanel } from "../bet-panel/BetPanel.tsx";
import { useBetSetup } from "../bet-panel/betAtoms.ts";
import { PlayButton } from "../bet-panel/PlayButton.tsx";
import { GameFrame } from "../frame/GameFrame.tsx";
import { amountUnits, readCurrency } from "../frame/gameAmounts.ts";
import { animationMs, instantModeAtom } from "../frame/instantMode.ts";
import { ErrorBox, ResultBox, type ShownResult } from "../frame/RoundMessages.tsx";
import { settledResult } from "../frame/roundOutcome.ts";
import { useMainKey } from "../frame/useMainKey.ts";
import type { RoundRef } from "../room/gameReply.ts";
import { useGameRoom } from "../room/useGameRoom.ts";
import { useRecordRound } from "../session-stats/useRecordRound.ts";
import { Die } from "./Die.tsx";
import { DICE_FACE_MS, DICE_OPTIONS, DICE_ROLL_MS, describeDiceRoll, rollingFace } from "./diceFlow.ts";

/** Waits `ms` milliseconds. */
const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The bet-type buttons: LOW, SEVEN or HIGH. */
const BET_TYPE_GROUP: ChoiceGroupLook = {
  className: "dice-bets choice-group",
  legend: "Bet type",
  buttonClass: "btn dice-bet",
};

/** Nebula Dice: pick LOW, SEVEN or HIGH, roll two dice; the server rolls, the screen shows 1.5 s of faces. */
export default function DiceScreen() {
  const room = useGameRoom("dice");
  const bet = useBetSetup();
  const block = useBetBlock(bet.currency);
  const [selected, setSelected] = useState<DiceBetType | null>(null);
  const [faces, setFaces] = useState<[number, number]>([1, 1]);
  const [total, setTotal] = useState<number | null>(null);
  const [rolling, setRolling] = useState(false);
  const [result, setResult] = useState<ShownResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const instant = useAtomValue(instantModeAtom);
  const recordRound = useRecordRound();

  /** Rolls once at `units` on `betType` (the pick stays selected for the next roll); shows and returns the result. */
  const placeRoll = async (units: number, betType: DiceBetType): Promise<AutoBetRound> => {
    setError(null);
    setRolling(true);
    setResult(null);
    setTotal(null);
    const spinner = instant
      ? undefined
      : setInterval(() => setFaces([rollingFace(Math.random()), rollingFace(Math.random())]), DICE_FACE_MS);
    const [outcome] = await Promise.all([
      room.act("roll", { betAmount: formatUnits(units), currency: bet.currency, betType }),
      wait(animationMs(DICE_ROLL_MS, instant)),
    ]);
    clearInterval(spinner);
    setRolling(false);
    if (!outcome.ok) return refuseRound("roll", outcome.failure, setError);
    const body = outcome.body;
    const dice1 = Number(body.dice1);
    const dice2 = Number(body.dice2);
    const currency = readCurrency(body.currency);
    const isWin = body.isWin === true;
    const winUnits = amountUnits(body.winAmount);
    setFaces([dice1, dice2]);
    setTotal(Number(body.total));
    setResult({
      ...settledResult(describeDiceRoll(Number(body.total), isWin), units, winUnits, currency),
      round: body.round as RoundRef | undefined,
    });
    recordRound({ currency, betUnits: units, winUnits });
    return { ok: true, betUnits: units, winUnits };
  };

  const auto = useAutoBet(bet, (units) =>
    selected
      ? placeRoll(units, selected)
      : Promise.resolve({ ok: false, message: "Choose LOW, SEVEN or HIGH" }),
  );
  const canRoll = room.status === "ready" && !rolling && !auto.running && selected !== null;

  const roll = async () => {
    if (!canRoll || selected === null) return;
    setError(null);
    if (bet.units > bet.balanceUnits) {
      setError(messageOf("bet/insufficient_balance"));
      return;
    }
    await placeRoll(bet.units, selected);
  };

  useMainKey(() => void roll(), canRoll);

  const betTypeButtons = DICE_OPTIONS.map((option) => ({
    key: option.betType,
    selected: selected === option.betType,
    disabled: rolling || auto.running,
    onClick: () => setSelected(option.betType),
    testId: `dice-bet-${option.betType}`,
    content: (
      <>
        <span className="dice-bet-name">
          {option.name} {option.range}
        </span>
        <span className="dice-bet-pays">{option.pays}</span>
      </>
    ),
  }));

  return (
    <GameFrame
      gameType="dice"
      status={room.status}
      betPanel={<BetPanel bet={bet} busy={rolling || auto.running} />}
      autoBet={
        <AutoBetPanel
          auto={auto}
          currency={bet.currency}
          roomStatus={room.status}
          blocked={selected ? null : "Choose LOW, SEVEN or HIGH first."}
        />
      }
    >
      <div className="panel dice-table">
        <div className="dice-pair">
          <Die face={faces[0]} rolling={rolling} label="First die" />
          <Die face={faces[1]} rolling={rolling} label="Second die" />
        </div>
        <p className="dice-total" data-testid="dice-total">
          Total: <strong>{total ?? "–"}</strong>
        </p>
        <ChoiceGroup {...BET_TYPE_GROUP} buttons={betTypeButtons} />
        <p className="hint-text" data-testid="dice-selected">
          {selected
            ? `Selected: ${DICE_OPTIONS.find((o) => o.betType === selected)?.name} pays ${DICE_OPTIONS.find((o) => o.betType === selected)?.pays}`
            : "Choose LOW, SEVEN or HIGH"}
        </p>
        <PlayButton ready={canRoll} blocked={block !== null} onClick={() => void roll()}>
          {rolling ? "ROLLING..." : "ROLL DICE"}
        </PlayButton>
        <ErrorBox message={error} cause={`${bet.currency}|${block?.text ?? ""}`} />
        <ResultBox result={result} idle="Pick a bet and roll the dice." />
      </div>
    </GameFrame>
  );
}

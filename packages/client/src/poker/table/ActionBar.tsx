import { useCallback, useEffect, useRef, useState } from "react";
import { AmountInput } from "../../ui/AmountField.tsx";
import { FormError } from "../../ui/FormError.tsx";
import { Hint } from "../../ui/Hint.tsx";
import { checkBetInput, clampBet, describeBetControl, describeCall, potFractionTo } from "./betRange.ts";
import { readShortcut, SHORTCUT_KEYS, type ShortcutCommand } from "./shortcuts.ts";
import type { PlayerSnap, TableSnapshot } from "./tableSnapshot.ts";

/** What the bar sends: a betting action, with the "raise to" total for bet and raise. */
export type BetAction = {
  actionType: "fold" | "check" | "call" | "bet" | "raise" | "all-in";
  amount?: number;
};

/** A move made with one button (and its shortcut): its tooltip, look, whether it is legal, its text. */
type ButtonMove = {
  command: Exclude<ShortcutCommand, "raise">;
  hint: string;
  className: string;
  enabled: boolean;
  label: string;
};

/** Amount presets: fractions of the pot after calling, and everything (the top of the legal range). */
const PRESETS = [
  { label: "½ Pot", fraction: 0.5 },
  { label: "¾ Pot", fraction: 0.75 },
  { label: "Pot", fraction: 1 },
  { label: "All-in", fraction: Number.POSITIVE_INFINITY },
] as const;

/** Fold / Check / Call / Bet or Raise / All-In for the player to act; only the legal options are enabled. */
export function ActionBar({
  snapshot,
  me,
  busy,
  onAct,
}: {
  snapshot: TableSnapshot;
  me: PlayerSnap;
  busy: boolean;
  onAct: (action: BetAction) => void;
}) {
  const legal = snapshot.legalActions;
  const control = describeBetControl(legal);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const turnKey = `${snapshot.handNumber}:${snapshot.communityCards.length}:${legal.minRaiseTo}:${legal.maxRaiseTo}`;

  // A new turn starts the amount at the legal minimum.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the turn changes
  useEffect(() => {
    setText(control.kind === "none" ? "" : String(control.min));
    setError(null);
  }, [turnKey]);

  const submitBet = useCallback(() => {
    if (control.kind === "none") return;
    const checked = checkBetInput(text, control);
    if (!checked.ok) {
      setError(checked.message);
      amountRef.current?.focus();
      return;
    }
    setError(null);
    onAct({ actionType: control.kind, amount: checked.amount });
  }, [control, text, onAct]);

  const run = useCallback(
    (command: ShortcutCommand) => {
      if (busy) return;
      if (command === "fold" && legal.canFold) onAct({ actionType: "fold" });
      else if (command === "checkCall" && legal.canCheck) onAct({ actionType: "check" });
      else if (command === "checkCall" && legal.canCall) onAct({ actionType: "call" });
      else if (command === "raise" && control.kind !== "none") amountRef.current?.focus();
      else if (command === "allIn" && legal.canAllIn) onAct({ actionType: "all-in" });
    },
    [busy, legal, control.kind, onAct],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const command = readShortcut({
        key: event.key,
        altKey: event.altKey,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        targetTag: target?.tagName,
        targetEditable: target?.isContentEditable,
      });
      if (!command) return;
      event.preventDefault();
      run(command);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [run]);

  const amount = Number(text);
  const moves: ButtonMove[] = [
    { command: "fold", hint: "Fold", className: "btn btn-danger", enabled: legal.canFold, label: "Fold" },
    {
      command: "checkCall",
      hint: legal.canCheck ? "Check" : "Call",
      className: "btn",
      enabled: legal.canCheck || legal.canCall,
      label: legal.canCheck ? "Check" : describeCall(legal),
    },
    {
      command: "allIn",
      hint: `All-in: ${me.chipCount + me.currentBet}`,
      className: "btn btn-gold",
      enabled: legal.canAllIn,
      label: "All-In",
    },
  ];
  return (
    <section className="poker-actions" aria-label="Your action" data-testid="action-bar">
      <div className="poker-action-buttons">
        {moves.map(({ command, hint, className, enabled, label }) => (
          <Hint key={command} label={`${hint} (${SHORTCUT_KEYS[command]})`}>
            <button
              type="button"
              className={className}
              disabled={busy || !enabled}
              onClick={() => run(command)}
              aria-keyshortcuts={SHORTCUT_KEYS[command]}
            >
              {label}
            </button>
          </Hint>
        ))}
      </div>
      <form
        className="poker-bet-form"
        onSubmit={(event) => {
          event.preventDefault();
          submitBet();
        }}
      >
        <label className="field-label" htmlFor="poker-bet-amount">
          {control.kind === "none"
            ? "Bet amount"
            : `${control.label} (${control.min} to ${control.max} chips)`}
        </label>
        <div className="poker-bet-row">
          <input
            className="poker-bet-slider"
            type="range"
            aria-label="Bet amount slider"
            min={control.kind === "none" ? 1 : control.min}
            max={control.kind === "none" ? 1 : control.max}
            step={1}
            value={Number.isFinite(amount) && amount > 0 ? amount : 1}
            disabled={busy || control.kind === "none"}
            onChange={(event) => setText(String(clampBet(Number(event.target.value), control)))}
          />
          <AmountInput
            id="poker-bet-amount"
            ref={amountRef}
            className="poker-bet-input"
            inputMode="numeric"
            min={1}
            max={control.kind === "none" ? undefined : control.max}
            step={1}
            value={text}
            disabled={busy || control.kind === "none"}
            onChange={setText}
          />
          <Hint label={`Bet or raise (${SHORTCUT_KEYS.raise} focuses the amount)`}>
            <button
              type="submit"
              className="btn btn-primary"
              disabled={busy || control.kind === "none"}
              aria-keyshortcuts="R"
            >
              {control.kind === "raise" ? "Raise" : "Bet"}
            </button>
          </Hint>
        </div>
        <div className="poker-bet-presets">
          {PRESETS.map((preset) => (
            <button
              key={preset.label}
              type="button"
              className="btn btn-chip"
              aria-label={`Amount: ${preset.label}`}
              disabled={busy || control.kind === "none"}
              onClick={() =>
                setText(
                  String(potFractionTo(preset.fraction, snapshot.currentPot, me.currentBet, legal, control)),
                )
              }
            >
              {preset.label}
            </button>
          ))}
        </div>
        <FormError message={error} />
      </form>
    </section>
  );
}

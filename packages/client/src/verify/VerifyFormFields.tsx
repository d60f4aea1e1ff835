import { DICE_BET_TYPES, PLINKO_RISKS } from "@casino/protocol";
import { VERIFY_GAMES, type VerifyForm, type VerifyGame } from "./verifyParams.ts";

/** Game names as the selector shows them. */
const GAME_NAMES: Record<VerifyGame, string> = {
  dice: "Nebula Dice",
  plinko: "Quantum Plinko",
  slots: "Cosmic Chaos (slots)",
  blackjack: "Galaxy Blackjack",
  hilo: "Cosmic Hi-Lo",
  poker: "Texas Hold'em (hand id)",
};

type Change = (patch: Partial<VerifyForm>) => void;

/** One labelled text input. */
function TextField(props: {
  id: keyof VerifyForm;
  label: string;
  value: string;
  onChange: Change;
  hint?: string;
  mono?: boolean;
}) {
  return (
    <label className="verify-field" htmlFor={`verify-${props.id}`}>
      <span className="field-label">{props.label}</span>
      <input
        id={`verify-${props.id}`}
        className={`input${props.mono === false ? "" : " mono"}`}
        value={props.value}
        spellCheck={false}
        autoComplete="off"
        onChange={(event) => props.onChange({ [props.id]: event.target.value })}
      />
      {props.hint && <span className="hint-text">{props.hint}</span>}
    </label>
  );
}

/** A labelled choice among a few values. */
function Choice<T extends string>(props: {
  id: string;
  label: string;
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
}) {
  return (
    <label className="verify-field" htmlFor={props.id}>
      <span className="field-label">{props.label}</span>
      <select
        id={props.id}
        className="input"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as T)}
      >
        {props.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The game selector and the inputs of the chosen game. */
export function VerifyFormFields({ form, onChange }: { form: VerifyForm; onChange: Change }) {
  return (
    <div className="verify-fields">
      <label className="verify-field" htmlFor="verify-game">
        <span className="field-label">Game</span>
        <select
          id="verify-game"
          className="input"
          value={form.game}
          onChange={(e) => onChange({ game: e.target.value as VerifyGame })}
        >
          {VERIFY_GAMES.map((game) => (
            <option key={game} value={game}>
              {GAME_NAMES[game]}
            </option>
          ))}
        </select>
      </label>
      {form.game === "poker" ? (
        <>
          <TextField id="handId" label="Hand id" value={form.handId} onChange={onChange} />
          <TextField
            id="hash"
            label="Deck root you saw before the deal (optional)"
            value={form.hash}
            onChange={onChange}
          />
          <TextField
            id="seedHash"
            label="Seed hash you saw before the deal (optional)"
            value={form.seedHash}
            onChange={onChange}
          />
        </>
      ) : (
        <>
          <TextField
            id="serverSeed"
            label="Server seed (revealed)"
            value={form.serverSeed}
            onChange={onChange}
          />
          <TextField id="clientSeed" label="Client seed" value={form.clientSeed} onChange={onChange} />
          <TextField id="nonce" label="Nonce" value={form.nonce} onChange={onChange} />
          <TextField id="stake" label="Stake (coins)" value={form.stake} onChange={onChange} />
          <TextField
            id="hash"
            label="Published server seed hash (optional)"
            value={form.hash}
            onChange={onChange}
          />
          {form.game === "dice" && (
            <Choice
              id="verify-betType"
              label="Bet"
              value={form.betType}
              options={DICE_BET_TYPES}
              onChange={(betType) => onChange({ betType })}
            />
          )}
          {form.game === "plinko" && (
            <Choice
              id="verify-risk"
              label="Risk (12 rows)"
              value={form.risk}
              options={PLINKO_RISKS}
              onChange={(risk) => onChange({ risk })}
            />
          )}
          {form.game === "blackjack" && (
            <TextField
              id="actions"
              label="Actions after the deal"
              value={form.actions}
              onChange={onChange}
              hint="hit, stand, double, split: comma separated, in order"
            />
          )}
          {form.game === "hilo" && (
            <TextField
              id="moves"
              label="Moves"
              value={form.moves}
              onChange={onChange}
              hint="higher, lower, then cashout (or abandon): comma separated"
            />
          )}
          {form.game === "slots" && (
            <>
              <TextField
                id="freeSpinMultiplier"
                label="Free spin multiplier (empty for a paid spin)"
                value={form.freeSpinMultiplier}
                onChange={onChange}
              />
              {form.freeSpinMultiplier && (
                <TextField
                  id="bonusWonBefore"
                  label="Bonus won before this spin (coins)"
                  value={form.bonusWonBefore}
                  onChange={onChange}
                />
              )}
              <label className="verify-check">
                <input
                  type="checkbox"
                  checked={form.bonusBuy}
                  onChange={(e) => onChange({ bonusBuy: e.target.checked })}
                />{" "}
                Bought bonus
              </label>
            </>
          )}
        </>
      )}
    </div>
  );
}

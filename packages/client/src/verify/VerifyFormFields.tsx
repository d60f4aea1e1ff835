import { DICE_BET_TYPES, PLINKO_RISKS } from "@casino/protocol";
import { CheckboxField, SelectField } from "../ui/FormFields.tsx";
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

/** A text input of the form: the field it edits, its label, and a hint under it. */
type TextSpec = { id: TextKey; label: string; hint?: string };
/** The form's fields that hold free text. */
type TextKey = {
  [K in keyof VerifyForm]: VerifyForm[K] extends string ? (string extends VerifyForm[K] ? K : never) : never;
}[keyof VerifyForm];

/** A poker hand is checked by its id, against the commitments the player saw. */
const POKER_FIELDS: readonly TextSpec[] = [
  { id: "handId", label: "Hand id" },
  { id: "hash", label: "Deck root you saw before the deal (optional)" },
  { id: "seedHash", label: "Seed hash you saw before the deal (optional)" },
];

/** Every single-player round is replayed from its seeds, nonce and stake. */
const ROUND_FIELDS: readonly TextSpec[] = [
  { id: "serverSeed", label: "Server seed (revealed)" },
  { id: "clientSeed", label: "Client seed" },
  { id: "nonce", label: "Nonce" },
  { id: "stake", label: "Stake (coins)" },
  { id: "hash", label: "Published server seed hash (optional)" },
];

/** The text inputs a game adds after the round's. */
const GAME_TEXT_FIELDS: Partial<Record<VerifyGame, readonly TextSpec[]>> = {
  blackjack: [
    {
      id: "actions",
      label: "Actions after the deal",
      hint: "hit, stand, double, split: comma separated, in order",
    },
  ],
  hilo: [{ id: "moves", label: "Moves", hint: "higher, lower, then cashout (or abandon): comma separated" }],
};

/** The one choice a game adds after the round's inputs: dice's bet, plinko's risk. */
const GAME_CHOICES: Partial<
  Record<VerifyGame, { id: "betType" | "risk"; label: string; options: readonly string[] }>
> = {
  dice: { id: "betType", label: "Bet", options: DICE_BET_TYPES },
  plinko: { id: "risk", label: "Risk (12 rows)", options: PLINKO_RISKS },
};

/** The inputs of `fields`, each showing its value in `form`. */
function TextFields({
  fields,
  form,
  onChange,
}: {
  fields: readonly TextSpec[];
  form: VerifyForm;
  onChange: Change;
}) {
  return fields.map((field) => (
    <TextField key={field.id} {...field} value={form[field.id]} onChange={onChange} />
  ));
}

/** Slots: a free spin's multiplier and bonus so far, and whether the bonus was bought. */
function SlotsFields({ form, onChange }: { form: VerifyForm; onChange: Change }) {
  return (
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
      <CheckboxField
        className="verify-check"
        label="Bought bonus"
        checked={form.bonusBuy}
        onChange={(bonusBuy) => onChange({ bonusBuy })}
      />
    </>
  );
}

/** The game selector and the inputs of the chosen game. */
export function VerifyFormFields({ form, onChange }: { form: VerifyForm; onChange: Change }) {
  const choice = GAME_CHOICES[form.game];
  return (
    <div className="verify-fields">
      <SelectField
        className="verify-field"
        id="verify-game"
        label="Game"
        value={form.game}
        options={VERIFY_GAMES}
        optionLabel={(game) => GAME_NAMES[game]}
        onChange={(game) => onChange({ game })}
      />
      {form.game === "poker" ? (
        <TextFields fields={POKER_FIELDS} form={form} onChange={onChange} />
      ) : (
        <>
          <TextFields fields={ROUND_FIELDS} form={form} onChange={onChange} />
          {choice && (
            <SelectField<string>
              className="verify-field"
              id={`verify-${choice.id}`}
              label={choice.label}
              value={form[choice.id]}
              options={choice.options}
              onChange={(value) => onChange({ [choice.id]: value })}
            />
          )}
          <TextFields fields={GAME_TEXT_FIELDS[form.game] ?? []} form={form} onChange={onChange} />
          {form.game === "slots" && <SlotsFields form={form} onChange={onChange} />}
        </>
      )}
    </div>
  );
}

import { coins, messageOf } from "@casino/protocol";
import { useAtomValue } from "jotai";
import { useState } from "react";
import { describeApiFailure } from "../../api/http.ts";
import { useUserRecord } from "../../api/queries.ts";
import { AmountField } from "../../ui/AmountField.tsx";
import { FormError } from "../../ui/FormError.tsx";
import { formatMoney, toUnits } from "../../ui/format.ts";
import { useToast } from "../../ui/toast.ts";
import { useBalances, useRefreshBalance } from "../../wallet/balance.ts";
import { walletAddressAtom } from "../../wallet/walletAtoms.ts";
import { type JoinAnswer, joinTable } from "../api/pokerApi.ts";
import { PokerDialog } from "../PokerDialog.tsx";
import { checkBuyIn, defaultBuyIn, HOUSE_BUY_IN_HC, readPlayerName } from "./joinRules.ts";

/** The table fields the dialog needs. */
export type JoinTarget = {
  id: string;
  name: string;
  currency: string;
  isHouse: boolean;
  buyInMin: number;
  buyInMax: number;
};

/** Join Table: the buy-in (AMINA tables) or the fixed 50 HC (House tables) and the player's name. */
export function JoinDialog({
  table,
  label = "Join Table",
  onJoined,
}: {
  table: JoinTarget;
  label?: string;
  onJoined: (answer: JoinAnswer) => void;
}) {
  const wallet = useAtomValue(walletAddressAtom);
  const balances = useBalances();
  const refreshBalance = useRefreshBalance();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [buyIn, setBuyIn] = useState(() => defaultBuyIn(table));
  const [name, setName] = useState("");
  const username = useUserRecord(wallet).data?.username;
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const house = table.currency === "HC";
  const buyInCheck = house
    ? balances.hcUnits >= coins(HOUSE_BUY_IN_HC)
      ? null
      : messageOf("poker/insufficient_balance")
    : (() => {
        const checked = checkBuyIn(buyIn, table, balances.aminaUnits);
        return checked.ok ? null : checked.message;
      })();
  const nameCheck = readPlayerName(name);
  const blocked = !wallet
    ? "Connect a wallet to join"
    : (buyInCheck ?? (nameCheck.ok ? null : nameCheck.message));

  async function join() {
    if (!wallet || blocked || !nameCheck.ok) return;
    setBusy(true);
    setFailure(null);
    const result = await joinTable(table.id, {
      walletAddress: wallet,
      currency: table.currency,
      ...(nameCheck.name === undefined ? {} : { playerName: nameCheck.name }),
      ...(house ? {} : { buyInAmount: buyIn.trim() }),
    });
    setBusy(false);
    if (!result.ok) {
      setFailure(describeApiFailure(result.error));
      return;
    }
    void refreshBalance();
    if (result.data.newTable)
      toast({
        title: "Table full",
        description: `${table.name} is full: you are seated at ${result.data.newTable.name}.`,
      });
    setOpen(false);
    onJoined(result.data);
  }

  return (
    <PokerDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setFailure(null);
      }}
      trigger={
        <button type="button" className="btn btn-primary" aria-label={`${label}: ${table.name}`}>
          {label}
        </button>
      }
      title={`Join ${table.name}`}
      description={
        house
          ? `House tables play in House Coins with a fixed buy-in of ${HOUSE_BUY_IN_HC} HC (500 chips).`
          : `Buy in with AMINA: this table takes ${formatMoney(toUnits(table.buyInMin), "AMINA")} to ${formatMoney(toUnits(table.buyInMax), "AMINA")} (1 AMINA = 1,000 chips).`
      }
      descriptionId="poker-join-description"
      testId="join-dialog"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void join();
        }}
      >
        {house ? (
          <p className="poker-join-fixed">
            Buy-in <strong>{HOUSE_BUY_IN_HC} HC</strong> · Balance{" "}
            <span className="mono">{formatMoney(balances.hcUnits, "HC")}</span>
          </p>
        ) : (
          <>
            <AmountField
              label="Buy-in (AMINA)"
              id="poker-buy-in"
              min={0.001}
              max={1}
              step={0.001}
              value={buyIn}
              onChange={setBuyIn}
            />
            <p className="hint-text">
              AMINA balance{" "}
              <span className="mono" data-testid="join-amina-balance">
                {formatMoney(balances.aminaUnits, "AMINA")}
              </span>
            </p>
          </>
        )}
        <label className="field-label" htmlFor="poker-player-name">
          Your name at the table
        </label>
        <input
          id="poker-player-name"
          className="input"
          maxLength={24}
          placeholder={username}
          aria-describedby="poker-player-name-hint"
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <p className="hint-text" id="poker-player-name-hint">
          {username
            ? `Leave it empty to play as ${username}.`
            : "Leave it empty to play under your casino name."}
        </p>
        {blocked && <p className="form-error">{blocked}</p>}
        <FormError message={failure} />
        <button
          type="submit"
          className="btn btn-primary btn-wide poker-join-submit"
          disabled={busy || blocked !== null}
        >
          {busy ? "Joining..." : "Join"}
        </button>
      </form>
    </PokerDialog>
  );
}

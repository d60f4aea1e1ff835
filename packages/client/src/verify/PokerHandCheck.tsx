import type { HandOpening } from "@casino/protocol";
import { cardLabel } from "@casino/protocol/fair/fairness-doc";
import { useQuery } from "@tanstack/react-query";
import { fetchApi } from "../api/http.ts";
import { handOpeningPath } from "../poker/api/pokerApi.ts";
import { checkPokerOpening } from "./pokerOpeningCheck.ts";
import { readSeenCards } from "./pokerSeenCards.ts";
import type { VerifyForm } from "./verifyParams.ts";

/** One compared item of the checklist: passed, failed, or not compared (nothing to compare with). */
function CheckItem({ id, ok, text }: { id: string; ok: boolean | null; text: [string, string, string] }) {
  const [passed, failed, skipped] = text;
  return (
    <li
      className={ok === null ? "hint-text" : ok ? "ok-text" : "form-error"}
      data-testid={id}
      data-ok={ok === null ? "unknown" : String(ok)}
    >
      {ok === null ? `– ${skipped}` : ok ? `✓ ${passed}` : `✗ ${failed}`}
    </li>
  );
}

/** The checklist and facts of one fetched opening. */
function OpeningReport({ opening, form }: { opening: HandOpening; form: VerifyForm }) {
  const seen = readSeenCards(form.board, form.holes);
  const check = checkPokerOpening(
    opening,
    { root: form.hash, seedHash: form.seedHash },
    seen ?? { board: [], holeCards: {} },
  );
  const seats = Object.entries(check.holeCards);
  return (
    <div className="verify-trace" data-testid="verify-trace" data-game="poker">
      <p
        className={check.valid ? "ok-text" : "form-error"}
        data-testid="verify-poker-verdict"
        data-ok={String(check.valid)}
      >
        {check.valid
          ? "✓ Every opened card hashes up to the root committed before the deal, at its dealt position."
          : `✗ ${check.problems.join(" ")}`}
      </p>
      <ul className="verify-checklist" aria-label="Checks">
        <CheckItem
          id="verify-poker-proofs"
          ok={check.proofsValid}
          text={["Proofs lead to the deck root", "A proof does not lead to the deck root", ""]}
        />
        <CheckItem
          id="verify-poker-root"
          ok={check.rootMatches}
          text={[
            "Deck root matches the one published before the deal",
            "Deck root differs from the one published before the deal",
            "Deck root not compared: none seen before the deal",
          ]}
        />
        <CheckItem
          id="verify-poker-seed-hash"
          ok={check.seedHashMatches}
          text={[
            "Seed hash matches the one published before the deal",
            "Seed hash differs from the one published before the deal",
            "Seed hash not compared: none seen before the deal",
          ]}
        />
        <CheckItem
          id="verify-poker-seen"
          ok={seen ? check.seenMatch : false}
          text={[
            `The board and hole cards opened match the ${check.seenCount} cards seen at the table`,
            seen
              ? "The cards opened differ from the ones seen at the table"
              : "The cards seen at the table could not be read from the link",
            "Cards not compared: open Verify from the table to compare the cards you saw",
          ]}
        />
      </ul>
      <dl className="verify-facts">
        <dt>Hand number</dt>
        <dd className="mono">{opening.handNumber}</dd>
        <dt>Deck root</dt>
        <dd className="mono wrap">{opening.root}</dd>
        <dt>Seed hash</dt>
        <dd className="mono wrap">{opening.seedHash}</dd>
        <dt>Client seeds</dt>
        <dd className="mono wrap">{opening.clientSeeds.join(" | ")}</dd>
        <dt>Board</dt>
        <dd className="mono" data-testid="verify-poker-board">
          {check.board.map(cardLabel).join(" ") || "none"}
        </dd>
        {seats.map(([seat, cards]) => (
          <div key={seat} className="verify-fact-pair">
            <dt>
              Seat {seat}
              {Number(seat) === check.ownSeat ? " (you)" : ""}
            </dt>
            <dd
              className="mono"
              data-testid={Number(seat) === check.ownSeat ? "verify-poker-own" : "verify-poker-shown"}
            >
              {cards.map(cardLabel).join(" ")}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * A finished poker hand checked by id: fetches its opening (board and shown hands for everyone,
 * the viewer's own cards when signed in) and checks every proof against the committed root, and,
 * when the link came from the table, the root, seed hash and cards the table page saw.
 */
export function PokerHandCheck({ form }: { form: VerifyForm }) {
  const { handId } = form;
  const opening = useQuery({
    queryKey: ["hand-opening", handId],
    queryFn: ({ signal }) => fetchApi<HandOpening>(handOpeningPath(handId), signal),
    enabled: handId !== "",
    retry: false,
  });
  if (handId === "") return null;
  if (opening.isPending) return <p className="loading">Fetching the hand's opening...</p>;
  if (opening.isError)
    return (
      <p className="form-error" role="alert" data-testid="verify-error">
        {opening.error.message}
      </p>
    );
  return <OpeningReport opening={opening.data} form={form} />;
}

import { Link } from "react-router";
import type { JoinAnswer } from "../api/pokerApi.ts";
import { PokerIntro } from "../PokerIntro.tsx";
import { PokerLobbyTabs } from "../tournament/PokerLobbyTabs.tsx";
import { FastCashier } from "./FastCashier.tsx";
import { TableList } from "./TableList.tsx";
import { useLobbyTables } from "./useLobbyTables.ts";

/** The poker lobby: the live table list, Join Table dialogs and the Fast Cashier. */
export function PokerLobby({
  onOpenTable,
  savedTable,
}: {
  onOpenTable: (tableId: string) => void;
  savedTable: string | null;
}) {
  const { tables, live, failed } = useLobbyTables();
  const onJoined = (answer: JoinAnswer) => onOpenTable(answer.tableId);
  return (
    <section className="poker-lobby" aria-labelledby="poker-title">
      <Link to="/casino" className="back-link">
        ← Back to Casino
      </Link>
      <div className="poker-lobby-head">
        <PokerIntro />
        <span className={`badge ${live ? "badge-ok" : "badge-off"}`} data-testid="lobby-live">
          {live ? "Live" : "Updating every 5 s"}
        </span>
      </div>
      {savedTable && (
        <p className="poker-return">
          <button type="button" className="btn" onClick={() => onOpenTable(savedTable)}>
            Back to your table
          </button>
        </p>
      )}
      <PokerLobbyTabs
        onOpenTable={onOpenTable}
        cash={
          <div className="poker-lobby-grid">
            <div className="panel">
              {tables === null ? (
                <p className="loading">
                  {failed ? "The table list cannot be loaded right now." : "Loading tables..."}
                </p>
              ) : tables.length === 0 ? (
                <p className="empty-state">No tables are open.</p>
              ) : (
                <TableList tables={tables} onJoined={onJoined} />
              )}
            </div>
            <FastCashier />
          </div>
        }
      />
    </section>
  );
}

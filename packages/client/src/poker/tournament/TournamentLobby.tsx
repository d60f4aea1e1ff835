import { useAtomValue } from "jotai";
import { useEffect, useRef } from "react";
import { useToast } from "../../ui/toast.ts";
import { walletAtom } from "../../wallet/walletAtoms.ts";
import { TournamentCard } from "./TournamentCard.tsx";
import type { Tournament } from "./tournamentApi.ts";
import { findStartedTables } from "./tournamentRows.ts";
import { useRegistration } from "./useRegistration.ts";
import { useTournamentList } from "./useTournaments.ts";
import "./tournament.css";

/** The Sit & Go list, live: register or unregister, and the seat taken once a tournament starts. */
export function TournamentLobby({ onOpenTable }: { onOpenTable: (tableId: string) => void }) {
  const wallet = useAtomValue(walletAtom);
  const userId = wallet.status === "connected" ? wallet.userId : null;
  const list = useTournamentList();
  const { pending, register, unregister } = useRegistration();
  const toast = useToast();
  const previous = useRef<Tournament[] | null>(null);
  const openRef = useRef(onOpenTable);
  openRef.current = onOpenTable;

  // A tournament the viewer waits in filled up while the lobby is open: go to its table.
  useEffect(() => {
    const now = list.data;
    if (!now) return;
    const started = previous.current ? findStartedTables(previous.current, now, userId) : [];
    previous.current = now;
    const tableId = started[0];
    if (!tableId) return;
    toast({ tone: "success", title: "Your Sit & Go has started", description: "Taking you to your seat." });
    openRef.current(tableId);
  }, [list.data, userId, toast]);

  const tournaments = list.data ?? null;
  return (
    <section className="panel sng-lobby" aria-labelledby="sng-title" data-testid="sng-lobby">
      <div className="sng-lobby-head">
        <h2 id="sng-title" className="poker-panel-title">
          Sit &amp; Go tournaments
        </h2>
        <p className="hint-text">
          One table, everyone starts with the same stack, blinds rise every level, no rebuys. The last player
          standing wins; the top places share the prize pool (65/35 at 6-max, 50/30/20 at 9-max).
        </p>
      </div>
      {tournaments === null ? (
        <p className="loading">
          {list.isError ? "The tournament list cannot be loaded right now." : "Loading tournaments..."}
        </p>
      ) : tournaments.length === 0 ? (
        <p className="empty-state">No tournaments are open.</p>
      ) : (
        <ul className="sng-list" aria-label="Tournaments">
          {tournaments.map((t) => (
            <TournamentCard
              key={t.id}
              tournament={t}
              userId={userId}
              busy={pending !== null}
              onRegister={() => void register(t)}
              onUnregister={() => void unregister(t)}
              onTakeSeat={onOpenTable}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

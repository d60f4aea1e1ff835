import { formatLevel } from "@casino/protocol/poker/tournament/blinds";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { FactList } from "../../ui/FactList.tsx";
import { FinishDialog } from "./FinishDialog.tsx";
import { LOBBY_TAB_PARAM, SNG_TAB } from "./PokerLobbyTabs.tsx";
import {
  announceLevel,
  countPlayersLeft,
  describePrizePool,
  findTimeToNextLevel,
  formatCountdown,
} from "./tournamentRows.ts";
import { useNow } from "./useNow.ts";
import { useTournament } from "./useTournaments.ts";
import "./tournament.css";

/** The Sit & Go lobby's address, where the table screen's way out goes. */
export const SNG_LOBBY_PATH = `/poker?${LOBBY_TAB_PARAM}=${SNG_TAB}`;

/** A tournament table's header: level, blinds and ante, the clock to the next level, players left, the finish. */
export function TournamentBar({ tournamentId, viewerId }: { tournamentId: string; viewerId: string | null }) {
  const { data: t, isError } = useTournament(tournamentId);
  const navigate = useNavigate();
  const now = useNow();
  const [announcement, setAnnouncement] = useState("");
  const lastLevel = useRef<number | null>(null);

  // Screen readers hear each level change (not the first reading).
  useEffect(() => {
    if (t?.status !== "running") return;
    if (lastLevel.current !== null && lastLevel.current !== t.level)
      setAnnouncement(`Blinds up. ${announceLevel(t)}`);
    lastLevel.current = t.level;
  }, [t]);

  const toLobby = () => navigate(SNG_LOBBY_PATH);
  if (!t)
    return (
      <p className="sng-bar loading" data-testid="sng-bar">
        {isError ? "Tournament details are unavailable right now." : "Loading the tournament..."}
      </p>
    );
  const toNext = findTimeToNextLevel(t, now);
  const facts = [
    { term: "Level", value: formatLevel(t.level), testId: "sng-level" },
    { term: "Blinds", value: `${t.smallBlind}/${t.bigBlind}`, testId: "sng-blinds" },
    { term: "Ante", value: t.ante > 0 ? t.ante : "None", testId: "sng-ante" },
    {
      term: "Next level",
      value: t.status === "running" ? (toNext === null ? "Last level" : formatCountdown(toNext)) : "—",
      testId: "sng-next-level",
    },
    { term: "Players left", value: `${countPlayersLeft(t)}/${t.players.length}`, testId: "sng-players-left" },
    { term: "Prize pool", value: describePrizePool(t) },
  ];
  return (
    <section className="sng-bar" aria-label="Tournament" data-testid="sng-bar">
      <div className="sng-bar-title">
        <h2>{t.name}</h2>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={toLobby}
          aria-label="Back to the Sit & Go lobby (you keep your seat)"
        >
          Lobby
        </button>
      </div>
      <FactList className="sng-bar-facts" facts={facts} />
      <p className="sr-only" role="status" aria-live="polite" data-testid="sng-announce">
        {announcement}
      </p>
      <FinishDialog tournament={t} viewerId={viewerId} onBackToLobby={toLobby} />
    </section>
  );
}

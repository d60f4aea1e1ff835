import { Outlet } from "react-router";
import { PlayPauseBanner } from "../floor/play-state/PlayPauseBanner.tsx";
import { RoundNoticeToaster } from "../floor/play-state/RoundNoticeToaster.tsx";
import { RealityCheck } from "../responsible/RealityCheck.tsx";
import { Starfield } from "../ui/Starfield.tsx";
import { DemoBanner } from "./DemoBanner.tsx";
import { Header } from "./Header.tsx";

/** The frame of every player screen: starfield, DEMO MODE banner, header and any paused-play banner above the page. */
export function AppShell() {
  return (
    <div className="app-shell">
      <Starfield still />
      <DemoBanner />
      <Header />
      <PlayPauseBanner />
      <main id="main" className="page">
        <Outlet />
      </main>
      <RealityCheck />
      <RoundNoticeToaster />
    </div>
  );
}

import { Outlet } from "react-router";
import { RealityCheck } from "../responsible/RealityCheck.tsx";
import { Starfield } from "../ui/Starfield.tsx";
import { DemoBanner } from "./DemoBanner.tsx";
import { Header } from "./Header.tsx";

/** The frame of every player screen: starfield, DEMO MODE banner and header above the page. */
export function AppShell() {
  return (
    <div className="app-shell">
      <Starfield />
      <DemoBanner />
      <Header />
      <main id="main" className="page">
        <Outlet />
      </main>
      <RealityCheck />
    </div>
  );
}

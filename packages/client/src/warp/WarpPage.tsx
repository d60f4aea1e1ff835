import { Component, lazy, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Icon } from "../ui/icons.tsx";
import { CanvasWarp } from "./CanvasWarp.tsx";
import {
  startWarp,
  tickWarp,
  WARP_TITLES,
  type WarpClock,
  type WarpPhase,
  warpSpeed,
} from "./warpTimeline.ts";
import "./warp.css";

const PixiWarp = lazy(() => import("./PixiWarp.tsx"));

/** Whether this browser can give PixiJS a WebGL context; without one the 2-D canvas draws the warp. */
function hasWebGL(): boolean {
  try {
    const canvas = document.createElement("canvas");
    return Boolean(canvas.getContext("webgl2") ?? canvas.getContext("webgl"));
  } catch {
    return false;
  }
}

/** Falls back to the canvas-2D warp if PixiJS fails to start. */
class RendererBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

type View = { phase: WarpPhase; speed: number; frames: number };

/** Route /warp: the full-screen intro, then the lobby; Skip (or Escape) goes there at once. */
export default function WarpPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [useWebGL] = useState(() => params.get("renderer") !== "canvas" && hasWebGL());
  const clockRef = useRef<WarpClock>(startWarp());
  const leftRef = useRef(false);
  const [view, setView] = useState<View>({ phase: "accelerating", speed: 0, frames: 0 });

  const leave = useCallback(() => {
    if (leftRef.current) return;
    leftRef.current = true;
    navigate("/casino", { replace: true });
  }, [navigate]);

  const onFrame = useCallback(
    (frameMs: number) => {
      const before = clockRef.current;
      const clock = tickWarp(before, Math.min(frameMs, 100));
      clockRef.current = clock;
      const speed = warpSpeed(clock);
      if (clock.phase !== before.phase || clock.frames % 3 === 0) {
        setView({ phase: clock.phase, speed, frames: clock.frames });
      }
      if (clock.phase === "done") leave();
      return speed;
    },
    [leave],
  );

  // A player who asked for less motion goes straight to the lobby.
  useEffect(() => {
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) leave();
  }, [leave]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") leave();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [leave]);

  const titles = WARP_TITLES[view.phase === "done" ? "completing" : view.phase];
  const fallback = <CanvasWarp onFrame={onFrame} />;
  return (
    <div
      className="warp"
      data-testid="warp"
      data-phase={view.phase}
      data-renderer={useWebGL ? "webgl" : "canvas2d"}
      data-frames={view.frames}
      data-speed={Math.round(view.speed * 1000)}
    >
      {useWebGL ? (
        <RendererBoundary fallback={fallback}>
          <Suspense fallback={null}>
            <PixiWarp onFrame={onFrame} />
          </Suspense>
        </RendererBoundary>
      ) : (
        fallback
      )}
      <div className="stage-overlay warp-overlay">
        <p className="warp-title" data-testid="warp-title">
          {titles.title}
        </p>
        <h1 className="warp-subtitle">{titles.subtitle}</h1>
        <p className="warp-status" aria-live="polite">
          Entering the Cosmos...
        </p>
      </div>
      <button type="button" className="btn btn-ghost warp-skip" onClick={leave}>
        Skip <Icon name="skip" size={18} />
      </button>
    </div>
  );
}

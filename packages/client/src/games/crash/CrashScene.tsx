import { Application, extend, useApplication, useTick } from "@pixi/react";
import { Container, Graphics, Text } from "pixi.js";
// Shaders and uniforms without eval: the casino's Content-Security-Policy forbids it.
import "pixi.js/unsafe-eval";
import { type RefObject, useEffect, useRef } from "react";
import { chooseScenePreference, sceneRendererOptions } from "../frame/scenePreference.ts";
import { curvePoints, headingAt } from "./crashCurve.ts";
import { type CrashView, flightMs } from "./crashRound.ts";

extend({ Container });

/** The live layer: the curve and the rocket redrawn from the view every frame of a flight. */
function Flight({
  viewRef,
  host,
  clockRef,
}: {
  viewRef: RefObject<CrashView | null>;
  host: RefObject<HTMLDivElement | null>;
  clockRef: RefObject<() => number>;
}) {
  const rootRef = useRef<Container>(null);
  const partsRef = useRef<{ curve: Graphics; rocket: Text; boom: Text } | null>(null);
  const { app, isInitialised } = useApplication();

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const curve = new Graphics();
    const rocket = new Text({ text: "🚀", style: { fontSize: 34 } });
    rocket.anchor.set(0.5);
    const boom = new Text({ text: "💥", style: { fontSize: 48 } });
    boom.anchor.set(0.5);
    root.addChild(curve, rocket, boom);
    partsRef.current = { curve, rocket, boom };
    return () => {
      for (const child of root.removeChildren()) child.destroy();
      partsRef.current = null;
    };
  }, []);

  useEffect(() => {
    if (!isInitialised) return;
    const box = host.current;
    if (!box) return;
    const observer = new ResizeObserver(() => app.ticker.start());
    observer.observe(box);
    return () => observer.disconnect();
  }, [app, isInitialised, host]);

  useTick(() => {
    const parts = partsRef.current;
    const view = viewRef.current;
    if (!parts || !view) return;
    const { width, height } = app.screen;
    const now = clockRef.current();
    // A live flight runs on; a replay (its end known) and a crashed flight stop at their end.
    const live = view.phase === "flying" && view.endPoint === null;
    const ms = view.phase === "betting" ? 0 : live ? flightMs(view, now) : endMs(view, now);
    const points = curvePoints(ms, width, height);
    const crashed = view.phase === "crashed";
    parts.curve.clear();
    parts.curve
      .moveTo(24, height - 24)
      .lineTo(width - 24, height - 24)
      .stroke({ color: 0x3a3566, width: 1 });
    parts.curve
      .moveTo(24, 24)
      .lineTo(24, height - 24)
      .stroke({ color: 0x3a3566, width: 1 });
    if (points.length > 1 && ms > 0) {
      const [first, ...rest] = points;
      parts.curve.moveTo(first?.x ?? 0, first?.y ?? 0);
      for (const p of rest) parts.curve.lineTo(p.x, p.y);
      parts.curve.stroke({ color: crashed ? 0xff4f6d : 0x37e6ff, width: 4 });
    }
    const tip = points[points.length - 1] ?? { x: 24, y: height - 24 };
    parts.rocket.visible = !crashed;
    parts.rocket.position.set(tip.x, tip.y);
    parts.rocket.rotation = headingAt(points) + Math.PI / 4;
    parts.boom.visible = crashed;
    parts.boom.position.set(tip.x, tip.y);
    // Only a flight moves: other phases draw once, then the ticker rests until something changes.
    if (view.phase !== "flying") app.ticker.stop();
  });

  return <pixiContainer ref={rootRef} />;
}

/** How long the ended flight lasted, for the frozen curve (from the end point's time on the curve). */
function endMs(view: CrashView, now: number): number {
  const end = view.endPoint ?? view.crashPoint ?? 100;
  return end <= 100 ? 0 : Math.min(flightMs(view, now), Math.log(end / 100) / 0.00006);
}

/** Supernova's sky in PixiJS: the curve and the rocket, scaled to the box it fills; `clock` drives a replay. */
export default function CrashScene({
  view,
  clock = Date.now,
}: {
  view: CrashView | null;
  clock?: () => number;
}) {
  const viewRef = useRef<CrashView | null>(view);
  viewRef.current = view;
  const clockRef = useRef(clock);
  clockRef.current = clock;
  const hostRef = useRef<HTMLDivElement>(null);
  const appRef = useRef<{ restart: () => void } | null>(null);
  useEffect(() => {
    // A new phase or frame: draw again (the ticker stops itself outside a flight).
    appRef.current?.restart();
  });
  return (
    <div
      ref={hostRef}
      className="crash-canvas"
      data-testid="crash-scene"
      data-renderer={chooseScenePreference()}
      role="img"
      aria-label="The rocket's flight: the multiplier curve rising until it explodes"
    >
      <Application
        resizeTo={hostRef}
        backgroundAlpha={0}
        antialias
        autoDensity
        resolution={Math.min(2, window.devicePixelRatio || 1)}
        {...sceneRendererOptions()}
      >
        <Flight viewRef={viewRef} host={hostRef} clockRef={clockRef} />
        <Restarter target={appRef} />
      </Application>
    </div>
  );
}

/** Hands the scene a way to wake the ticker when the view changes. */
function Restarter({ target }: { target: RefObject<{ restart: () => void } | null> }) {
  const { app, isInitialised } = useApplication();
  useEffect(() => {
    if (!isInitialised) return;
    target.current = { restart: () => app.ticker.start() };
    app.ticker.start();
    return () => {
      target.current = null;
    };
  }, [app, isInitialised, target]);
  return null;
}

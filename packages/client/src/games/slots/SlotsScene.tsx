import { SLOT_CELLS, SLOT_COLS, SLOT_SYMBOLS, type SlotSymbol } from "@casino/protocol";
import { Application, extend, useApplication, useTick } from "@pixi/react";
import { Container, Graphics } from "pixi.js";
// Shaders and uniforms without eval: the casino's Content-Security-Policy forbids it.
import "pixi.js/unsafe-eval";
import { useEffect, useRef } from "react";
import { chooseScenePreference, sceneApplicationOptions } from "../frame/scenePreference.ts";
import { SPIN_TICK_MS } from "./slotsFlow.ts";
import { CELL_COLOR, createSymbolContexts, SYMBOL_COLORS } from "./symbolArt.ts";
import { SYMBOL_NAMES } from "./symbolNames.ts";

extend({ Container });

/** Grid geometry in canvas pixels. */
const CELL = 76;
const GAP = 6;
const PAD = 10;
const SIZE = PAD * 2 + SLOT_COLS * CELL + (SLOT_COLS - 1) * GAP;

/** One cell: its frame, its glow and its symbol. */
type CellView = { frame: Graphics; glow: Graphics; symbol: Graphics; x: number; y: number };

/** What the scene shows: the grid, whether the reels spin, and the lit (winning) cells. */
type SceneProps = { grid: readonly SlotSymbol[]; spinning: boolean; lit: readonly number[] };

/** A random symbol for the reel animation (cosmetic only; the server decides the grid). */
function randomSymbol(): SlotSymbol {
  return SLOT_SYMBOLS[Math.floor(Math.random() * SLOT_SYMBOLS.length)] ?? "planet";
}

/** The 5x5 grid: static frames, symbol shapes swapped every 100 ms while spinning, winners lit. */
function Grid({ grid, spinning, lit }: SceneProps) {
  const rootRef = useRef<Container>(null);
  const cellsRef = useRef<CellView[]>([]);
  const contextsRef = useRef<ReturnType<typeof createSymbolContexts> | null>(null);
  const clockRef = useRef(0);
  const propsRef = useRef({ grid, spinning, lit });
  propsRef.current = { grid, spinning, lit };
  const { app, isInitialised } = useApplication();

  useEffect(() => {
    // Draw again whenever what is shown changes; the ticker sleeps once the grid stands still.
    if (isInitialised && (grid || lit || spinning !== undefined)) app.ticker.start();
  }, [app, isInitialised, grid, spinning, lit]);

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const contexts = createSymbolContexts();
    contextsRef.current = contexts;
    cellsRef.current = Array.from({ length: SLOT_CELLS }, (_, cell) => {
      const x = PAD + (cell % SLOT_COLS) * (CELL + GAP);
      const y = PAD + Math.floor(cell / SLOT_COLS) * (CELL + GAP);
      const glow = new Graphics().roundRect(x - 3, y - 3, CELL + 6, CELL + 6, 14).fill({ color: 0xffffff });
      glow.visible = false;
      const frame = new Graphics()
        .roundRect(x, y, CELL, CELL, 12)
        .fill({ color: CELL_COLOR })
        .stroke({ width: 1, color: 0x3b3470 });
      const symbol = new Graphics(contexts.planet);
      symbol.position.set(x + CELL / 2, y + CELL / 2);
      root.addChild(glow, frame, symbol);
      return { frame, glow, symbol, x, y };
    });
    return () => {
      for (const child of root.removeChildren()) child.destroy();
      for (const context of Object.values(contexts)) context.destroy();
      cellsRef.current = [];
      contextsRef.current = null;
    };
  }, []);

  useTick((ticker) => {
    const contexts = contextsRef.current;
    if (!contexts) return;
    const { grid: shown, spinning: rolling, lit: winners } = propsRef.current;
    clockRef.current += ticker.deltaMS;
    const swap = rolling && clockRef.current >= SPIN_TICK_MS;
    if (swap) clockRef.current = 0;
    const litSet = winners.length > 0 ? new Set(winners) : null;
    cellsRef.current.forEach((cell, index) => {
      if (rolling) {
        if (swap) cell.symbol.context = contexts[randomSymbol()];
        cell.symbol.position.y = cell.y + CELL / 2 + (swap ? -6 : 0) + Math.min(0, clockRef.current / 16 - 6);
        cell.symbol.alpha = 0.8;
        cell.glow.visible = false;
        return;
      }
      const symbol = shown[index] ?? "planet";
      if (cell.symbol.context !== contexts[symbol]) cell.symbol.context = contexts[symbol];
      cell.symbol.position.y = cell.y + CELL / 2;
      const isLit = litSet?.has(index) ?? false;
      cell.symbol.alpha = litSet && !isLit ? 0.35 : 1;
      cell.glow.visible = isLit;
      if (isLit) cell.glow.tint = SYMBOL_COLORS[symbol];
    });
    if (!rolling) app.ticker.stop();
  });

  return <pixiContainer ref={rootRef} />;
}

/** Cosmic Chaos's 5x5 grid in PixiJS (one application); the labelled list beside it reads the grid to screen readers. */
export default function SlotsScene(props: SceneProps) {
  return (
    <div
      className="slots-canvas"
      data-testid="slots-grid"
      data-renderer={chooseScenePreference()}
      data-spinning={props.spinning}
      data-lit={props.lit.length}
    >
      <Application width={SIZE} height={SIZE} {...sceneApplicationOptions()}>
        <Grid {...props} />
      </Application>
      <ol className="sr-only" aria-label="Grid, row by row">
        {props.grid.map((symbol, cell) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the 25 cells are fixed positions.
          <li key={cell}>{SYMBOL_NAMES[symbol]}</li>
        ))}
      </ol>
    </div>
  );
}

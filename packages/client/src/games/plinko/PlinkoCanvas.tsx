import { PLINKO_MULTIPLIERS, type PlinkoRisk } from "@casino/protocol";
import { Application, extend, useApplication, useTick } from "@pixi/react";
import { Container, Graphics, Text } from "pixi.js";
// Shaders and uniforms without eval: the casino's Content-Security-Policy forbids it.
import "pixi.js/unsafe-eval";
import { useEffect, useRef } from "react";
import { sceneApplicationOptions } from "../frame/scenePreference.ts";
import { ballPositionAt } from "./ballFlight.ts";
import type { FlightStore, PlinkoBall } from "./flightStore.ts";
import {
  BOARD,
  formatSlotLabel,
  listPegs,
  PLINKO_HIGHLIGHT_MS,
  SLOT_TOP,
  slotAtX,
  slotCenterX,
  slotColor,
} from "./plinkoBoard.ts";

extend({ Container });

/** Colours of the balls, one per seat. */
const BALL_COLORS = [0x37e6ff, 0xff4fd8, 0xffd166, 0x3ef0a1, 0x9b6bff];

/** Draws the pegs once. */
function drawPegs(): Graphics {
  const pegs = new Graphics();
  for (const peg of listPegs()) pegs.circle(peg.x, peg.y, BOARD.pegRadius);
  pegs.fill({ color: 0xdcd8ff });
  return pegs;
}

/** One slot box with its multiplier label. */
type SlotView = { box: Graphics; label: Text; color: number };

/** Draws the 13 slots of a risk level. */
function drawSlots(layer: Container, risk: PlinkoRisk): SlotView[] {
  for (const child of layer.removeChildren()) child.destroy();
  const table = PLINKO_MULTIPLIERS[risk];
  const max = Math.max(...table);
  const min = Math.min(...table);
  const width = BOARD.spacing - 4;
  return table.map((multiplier, slot) => {
    const color = slotColor(multiplier, max, min);
    const box = new Graphics().roundRect(-width / 2, 0, width, BOARD.slotHeight, 6).fill({ color });
    box.position.set(slotCenterX(slot), SLOT_TOP);
    box.alpha = 0.55;
    const text = formatSlotLabel(multiplier);
    const label = new Text({
      text,
      style: {
        fontFamily: "Inter, DejaVu Sans, sans-serif",
        // As large as the 28-unit box takes: the board is drawn about 0.75x on a phone.
        fontSize: text.length <= 3 ? 13 : 11,
        fontWeight: "700",
        fill: 0x07051a,
      },
    });
    label.anchor.set(0.5);
    label.position.set(slotCenterX(slot), SLOT_TOP + BOARD.slotHeight / 2);
    layer.addChild(box, label);
    return { box, label, color };
  });
}

/** What the board draws from: the balls in flight, the risk's slots, and who hears of a landing. */
export type BoardProps = {
  store: FlightStore;
  risk: PlinkoRisk;
  onLand: (ball: PlinkoBall, landedSlot: number) => void;
};

/** The board's live layer: balls follow their flights every frame; landings light their slot. */
function Board({ store, risk, onLand }: BoardProps) {
  const rootRef = useRef<Container>(null);
  const slotsRef = useRef<{ layer: Container; views: SlotView[] } | null>(null);
  const ballLayerRef = useRef<Container | null>(null);
  const spritesRef = useRef(new Map<number, Graphics>());
  const litUntilRef = useRef<number[]>([]);
  const onLandRef = useRef(onLand);
  onLandRef.current = onLand;
  const { app, isInitialised } = useApplication();

  useEffect(() => {
    if (!isInitialised) return;
    return store.subscribe(() => app.ticker.start());
  }, [app, isInitialised, store]);

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const pegs = drawPegs();
    // 150 pegs never move: drawn once into a texture, so a frame draws one image and the balls.
    pegs.cacheAsTexture(true);
    const slotLayer = new Container();
    const ballLayer = new Container();
    root.addChild(pegs, slotLayer, ballLayer);
    slotsRef.current = { layer: slotLayer, views: [] };
    ballLayerRef.current = ballLayer;
    const sprites = spritesRef.current;
    return () => {
      for (const child of root.removeChildren()) child.destroy({ children: true });
      sprites.clear();
      slotsRef.current = null;
      ballLayerRef.current = null;
    };
  }, []);

  useEffect(() => {
    const slots = slotsRef.current;
    if (slots) slots.views = drawSlots(slots.layer, risk);
    if (isInitialised) app.ticker.start();
  }, [risk, app, isInitialised]);

  useTick(() => {
    const now = performance.now();
    const layer = ballLayerRef.current;
    if (!layer) return;
    const sprites = spritesRef.current;
    for (const ball of store.collectLanded(now)) {
      sprites.get(ball.id)?.destroy();
      sprites.delete(ball.id);
      const landedSlot = slotAtX(ballPositionAt(ball.flight, ball.flight.duration).x);
      litUntilRef.current[landedSlot] = now + PLINKO_HIGHLIGHT_MS;
      onLandRef.current(ball, landedSlot);
    }
    for (const ball of store.inFlight()) {
      let sprite = sprites.get(ball.id);
      if (!sprite) {
        const color = BALL_COLORS[ball.id % BALL_COLORS.length] ?? 0xffffff;
        sprite = new Graphics()
          .circle(0, 0, BOARD.ballRadius + 3)
          .fill({ color, alpha: 0.25 })
          .circle(0, 0, BOARD.ballRadius)
          .fill({ color });
        sprites.set(ball.id, sprite);
        layer.addChild(sprite);
      }
      const at = ballPositionAt(ball.flight, now - ball.launchedAt);
      sprite.position.set(at.x, at.y);
    }
    let anyLit = false;
    const views = slotsRef.current?.views ?? [];
    views.forEach((view, slot) => {
      const lit = (litUntilRef.current[slot] ?? 0) > now;
      anyLit ||= lit;
      view.box.alpha = lit ? 1 : 0.55;
      view.box.scale.set(1, lit ? 1.12 : 1);
    });
    // Nothing moves: this frame is the last one drawn until a ball is launched or the risk changes.
    if (!anyLit && store.inFlight().length === 0) app.ticker.stop();
  });

  return <pixiContainer ref={rootRef} />;
}

/**
 * Quantum Plinko's board in PixiJS: one application, drawn from the flight store every frame. Loaded
 * on its own (with PixiJS) once the page is idle, so the bet panel is usable first.
 */
export default function PlinkoCanvas({ store, risk, onLand }: BoardProps) {
  return (
    <Application width={BOARD.width} height={BOARD.height} {...sceneApplicationOptions()}>
      <Board store={store} risk={risk} onLand={onLand} />
    </Application>
  );
}

import { Application, extend, useApplication, useTick } from "@pixi/react";
import { Container, Graphics } from "pixi.js";
// Shaders and uniforms without eval: the casino's Content-Security-Policy forbids it.
import "pixi.js/unsafe-eval";
import { useEffect, useRef } from "react";
import { sceneApplicationOptions } from "../frame/scenePreference.ts";
import { ballPositionAt } from "./ballFlight.ts";
import type { FlightStore } from "./flightStore.ts";
import { BOARD } from "./plinkoBoard.ts";

extend({ Container });

/** Colours of the balls, one per seat. */
const BALL_COLORS = [0x37e6ff, 0xff4fd8, 0xffd166, 0x3ef0a1, 0x9b6bff];

/** A ball's sprite: the ball in its seat's colour, in a faint halo. */
function drawBall(id: number): Graphics {
  const color = BALL_COLORS[id % BALL_COLORS.length] ?? 0xffffff;
  return new Graphics()
    .circle(0, 0, BOARD.ballRadius + 3)
    .fill({ color, alpha: 0.25 })
    .circle(0, 0, BOARD.ballRadius)
    .fill({ color });
}

/** The balls in flight, each where its flight has got to, drawn every frame while any falls. */
function Balls({ store }: { store: FlightStore }) {
  const layerRef = useRef<Container>(null);
  const spritesRef = useRef(new Map<number, Graphics>());
  const { app, isInitialised } = useApplication();

  useEffect(() => {
    if (!isInitialised) return;
    app.ticker.start();
    return store.subscribe(() => app.ticker.start());
  }, [app, isInitialised, store]);

  useEffect(() => {
    const sprites = spritesRef.current;
    return () => {
      for (const sprite of sprites.values()) sprite.destroy();
      sprites.clear();
    };
  }, []);

  useTick(() => {
    const layer = layerRef.current;
    if (!layer) return;
    const now = performance.now();
    const sprites = spritesRef.current;
    const falling = store.inFlight();
    const ids = new Set(falling.map((ball) => ball.id));
    for (const [id, sprite] of sprites) {
      if (ids.has(id)) continue;
      sprite.destroy();
      sprites.delete(id);
    }
    for (const ball of falling) {
      let sprite = sprites.get(ball.id);
      if (!sprite) {
        sprite = drawBall(ball.id);
        sprites.set(ball.id, sprite);
        layer.addChild(sprite);
      }
      const at = ballPositionAt(ball.flight, now - ball.launchedAt);
      sprite.position.set(at.x, at.y);
    }
    // Nothing falls: this frame is the last one drawn until a ball is launched.
    if (falling.length === 0) app.ticker.stop();
  });

  return <pixiContainer ref={layerRef} />;
}

/**
 * Quantum Plinko's balls in PixiJS, over the board's SVG (PlinkoBoardArt): one application on a
 * transparent canvas the board's size, loaded on its own with PixiJS.
 */
export default function PlinkoCanvas({ store }: { store: FlightStore }) {
  return (
    <Application width={BOARD.width} height={BOARD.height} {...sceneApplicationOptions()}>
      <Balls store={store} />
    </Application>
  );
}

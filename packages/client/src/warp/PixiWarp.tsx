import { Application, extend, useApplication, useTick } from "@pixi/react";
import { Container, Sprite, Texture } from "pixi.js";
// Shaders and uniforms without eval: the casino's Content-Security-Policy forbids it.
import "pixi.js/unsafe-eval";
import { useEffect, useRef } from "react";
import { createSeededRandom } from "../ui/starShadows.ts";
import { advanceStars, createStars, projectStar } from "./starField.ts";
import { bandOf, countStarsFor, STREAK_BANDS } from "./streakStyle.ts";
import type { FrameHandler } from "./warpTimeline.ts";

extend({ Container });

const STREAK_LENGTH = 128;
const STREAK_THICKNESS = 8;

/** One streak image (faint tail to bright head), shared by every star so the GPU draws one batch. */
function createStreakTexture(): Texture {
  const canvas = document.createElement("canvas");
  canvas.width = STREAK_LENGTH;
  canvas.height = STREAK_THICKNESS;
  const context = canvas.getContext("2d");
  if (context) {
    const gradient = context.createLinearGradient(0, 0, STREAK_LENGTH, 0);
    gradient.addColorStop(0, "rgba(255,255,255,0)");
    gradient.addColorStop(0.85, "rgba(255,255,255,0.85)");
    gradient.addColorStop(1, "rgba(255,255,255,1)");
    context.fillStyle = gradient;
    context.beginPath();
    context.ellipse(
      STREAK_LENGTH / 2,
      STREAK_THICKNESS / 2,
      STREAK_LENGTH / 2,
      STREAK_THICKNESS / 2,
      0,
      0,
      Math.PI * 2,
    );
    context.fill();
  }
  return Texture.from(canvas);
}

function Streaks({ onFrame }: { onFrame: FrameHandler }) {
  const { app } = useApplication();
  const layerRef = useRef<Container>(null);
  const spritesRef = useRef<Sprite[]>([]);
  const randomRef = useRef(createSeededRandom(2024));
  const starsRef = useRef(
    createStars(countStarsFor(window.innerWidth, window.innerHeight), randomRef.current),
  );

  useEffect(() => {
    const layer = layerRef.current;
    if (!layer) return;
    const texture = createStreakTexture();
    const sprites = starsRef.current.map(() => {
      const sprite = new Sprite(texture);
      sprite.anchor.set(1, 0.5);
      layer.addChild(sprite);
      return sprite;
    });
    spritesRef.current = sprites;
    return () => {
      layer.removeChildren();
      for (const sprite of sprites) sprite.destroy();
      texture.destroy(true);
      spritesRef.current = [];
    };
  }, []);

  useTick((ticker) => {
    const speed = onFrame(ticker.deltaMS);
    const stars = starsRef.current;
    advanceStars(stars, speed, ticker.deltaMS, randomRef.current);
    const { width, height } = app.screen;
    const sprites = spritesRef.current;
    for (let i = 0; i < sprites.length; i += 1) {
      const sprite = sprites[i];
      const star = stars[i];
      if (!sprite || !star) continue;
      const streak = projectStar(star, width, height);
      const dx = streak.x2 - streak.x1;
      const dy = streak.y2 - streak.y1;
      const style = STREAK_BANDS[bandOf(streak)] ?? STREAK_BANDS[0];
      sprite.position.set(streak.x2, streak.y2);
      sprite.rotation = Math.atan2(dy, dx);
      sprite.scale.set(
        Math.max(2, Math.hypot(dx, dy) + 2) / STREAK_LENGTH,
        (style.width * 1.6) / STREAK_THICKNESS,
      );
      sprite.tint = style.color;
      sprite.alpha = style.alpha;
    }
  });

  return <pixiContainer ref={layerRef} />;
}

/** The warp drawn with PixiJS 8 (WebGL), full screen: one sprite batch of star streaks. */
export default function PixiWarp({ onFrame }: { onFrame: FrameHandler }) {
  return (
    <Application
      resizeTo={window}
      background="#03020c"
      preference="webgl"
      className="warp-canvas"
      autoDensity
      resolution={Math.min(2, window.devicePixelRatio || 1)}
    >
      <Streaks onFrame={onFrame} />
    </Application>
  );
}

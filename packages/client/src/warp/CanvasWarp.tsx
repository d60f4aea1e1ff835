import { useEffect, useRef } from "react";
import { createSeededRandom } from "../ui/starShadows.ts";
import { advanceStars, createStars, projectStar } from "./starField.ts";
import { bandStreaks, countStarsFor, STREAK_BANDS } from "./streakStyle.ts";
import type { FrameHandler } from "./warpTimeline.ts";

/** The same warp drawn with canvas 2D, for browsers without WebGL. */
export function CanvasWarp({ onFrame }: { onFrame: FrameHandler }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const handlerRef = useRef(onFrame);
  handlerRef.current = onFrame;

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext("2d");
    if (!canvas || !context) return;
    const random = createSeededRandom(2024);
    const stars = createStars(countStarsFor(window.innerWidth, window.innerHeight), random);
    const ratio = Math.min(2, window.devicePixelRatio || 1);
    let frame = 0;
    let last = performance.now();

    function resize() {
      if (!canvas) return;
      canvas.width = Math.floor(window.innerWidth * ratio);
      canvas.height = Math.floor(window.innerHeight * ratio);
    }

    function draw(now: number) {
      if (!canvas || !context) return;
      const frameMs = Math.min(100, now - last);
      last = now;
      const speed = handlerRef.current(frameMs);
      advanceStars(stars, speed, frameMs, random);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      context.fillStyle = "#03020c";
      context.fillRect(0, 0, window.innerWidth, window.innerHeight);
      const bands = bandStreaks(
        stars.map((star) => projectStar(star, window.innerWidth, window.innerHeight)),
      );
      context.lineCap = "round";
      bands.forEach((band, index) => {
        const style = STREAK_BANDS[index];
        if (!style) return;
        context.strokeStyle = `#${style.color.toString(16).padStart(6, "0")}`;
        context.globalAlpha = style.alpha;
        context.lineWidth = style.width;
        context.beginPath();
        for (const streak of band) {
          context.moveTo(streak.x1, streak.y1);
          context.lineTo(streak.x2 + 0.5, streak.y2 + 0.5);
        }
        context.stroke();
      });
      context.globalAlpha = 1;
      frame = requestAnimationFrame(draw);
    }

    resize();
    window.addEventListener("resize", resize);
    frame = requestAnimationFrame(draw);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("resize", resize);
    };
  }, []);

  return <canvas ref={canvasRef} className="warp-canvas" data-renderer="canvas2d" />;
}

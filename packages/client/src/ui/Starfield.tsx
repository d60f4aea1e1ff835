import { createStarShadows } from "./starShadows.ts";
import "./starfield.css";

const TILE = 2000;
const LAYERS = [
  { className: "stars stars-small", shadows: createStarShadows(11, 600, TILE) },
  { className: "stars stars-medium", shadows: createStarShadows(23, 200, TILE) },
  { className: "stars stars-large", shadows: createStarShadows(37, 70, TILE) },
];

/**
 * Gives a layer its stars from script, after the markup: a prerendered page's HTML may carry no style
 * attribute (the Content-Security-Policy forbids them), and hydration does not add one.
 */
function paintStars(element: HTMLDivElement | null, shadows: string): void {
  if (element) element.style.boxShadow = shadows;
}

/** The animated deep-space background behind every screen (decorative, hidden from assistive tech). */
export function Starfield() {
  return (
    <div className="starfield" aria-hidden="true">
      <div className="nebula" />
      {LAYERS.map((layer) => (
        <div
          key={layer.className}
          className={layer.className}
          ref={(element) => paintStars(element, layer.shadows)}
        />
      ))}
    </div>
  );
}

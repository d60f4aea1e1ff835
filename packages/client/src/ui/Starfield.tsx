import { createStarShadows } from "./starShadows.ts";
import "./starfield.css";

const TILE = 2000;
const LAYERS = [
  { className: "stars stars-small", shadows: createStarShadows(11, 600, TILE) },
  { className: "stars stars-medium", shadows: createStarShadows(23, 200, TILE) },
  { className: "stars stars-large", shadows: createStarShadows(37, 70, TILE) },
];

/** The animated deep-space background behind every screen (decorative, hidden from assistive tech). */
export function Starfield() {
  return (
    <div className="starfield" aria-hidden="true">
      <div className="nebula" />
      {LAYERS.map((layer) => (
        <div key={layer.className} className={layer.className} style={{ boxShadow: layer.shadows }} />
      ))}
    </div>
  );
}

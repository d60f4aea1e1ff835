/**
 * The ten Cosmic Chaos symbols drawn as vector shapes (no emoji font needed), each once into a
 * shared GraphicsContext that every cell reuses. Shapes are centred on (0, 0) within a 56 px box.
 */
import type { SlotSymbol } from "@casino/protocol";
import { GraphicsContext } from "pixi.js";

/** Background of a cell, used to carve the moon's crescent. */
export const CELL_COLOR = 0x161238;

/** Accent colour of each symbol (cell glow, paytable). */
export const SYMBOL_COLORS: Record<SlotSymbol, number> = {
  planet: 0xff9f43,
  star: 0xffd166,
  comet: 0x37e6ff,
  moon: 0xd9d6f5,
  rocket: 0xff5d7a,
  alien: 0x3ef0a1,
  ufo: 0x9be7ff,
  galaxy: 0xc77dff,
  astronaut: 0xffffff,
  blackhole: 0xff7b00,
};

/** A ringed planet. */
function drawPlanet(g: GraphicsContext) {
  g.circle(0, 0, 17).fill({ color: SYMBOL_COLORS.planet });
  g.ellipse(-5, -6, 7, 4).fill({ color: 0xffc078, alpha: 0.8 });
  g.ellipse(0, 2, 28, 7).stroke({ width: 3, color: 0xffd166 });
}

/** A five-pointed star. */
function drawStar(g: GraphicsContext) {
  g.star(0, 2, 5, 25, 11, 0).fill({ color: SYMBOL_COLORS.star });
  g.star(0, 2, 5, 12, 5, 0).fill({ color: 0xfff3c4 });
}

/** A comet with its tail. */
function drawComet(g: GraphicsContext) {
  g.poly([-26, -20, 6, -6, 10, 6, -20, -8]).fill({ color: SYMBOL_COLORS.comet, alpha: 0.35 });
  g.poly([-22, -26, 2, -10, -4, 0]).fill({ color: SYMBOL_COLORS.comet, alpha: 0.55 });
  g.circle(10, 8, 12).fill({ color: 0xe8fbff });
  g.circle(10, 8, 12).stroke({ width: 3, color: SYMBOL_COLORS.comet });
}

/** A crescent moon. */
function drawMoon(g: GraphicsContext) {
  g.circle(0, 0, 23).fill({ color: SYMBOL_COLORS.moon });
  g.circle(11, -7, 20).fill({ color: CELL_COLOR });
  g.circle(-10, 6, 3).fill({ color: 0xb7b3dc });
  g.circle(-4, 15, 2).fill({ color: 0xb7b3dc });
}

/** A rocket with fins and a flame. */
function drawRocket(g: GraphicsContext) {
  g.poly([-6, 16, 0, 28, 6, 16]).fill({ color: 0xffd166 });
  g.poly([-9, 4, -18, 18, -9, 16]).fill({ color: SYMBOL_COLORS.rocket });
  g.poly([9, 4, 18, 18, 9, 16]).fill({ color: SYMBOL_COLORS.rocket });
  g.roundRect(-9, -14, 18, 32, 6).fill({ color: 0xf1f0ff });
  g.poly([-9, -12, 0, -28, 9, -12]).fill({ color: SYMBOL_COLORS.rocket });
  g.circle(0, -2, 5).fill({ color: 0x37e6ff });
}

/** A green alien head. */
function drawAlien(g: GraphicsContext) {
  g.moveTo(-14, -22).lineTo(-8, -12).stroke({ width: 3, color: SYMBOL_COLORS.alien });
  g.moveTo(14, -22).lineTo(8, -12).stroke({ width: 3, color: SYMBOL_COLORS.alien });
  g.ellipse(0, 2, 20, 22).fill({ color: SYMBOL_COLORS.alien });
  g.ellipse(-8, 0, 6, 9).fill({ color: 0x07051a });
  g.ellipse(8, 0, 6, 9).fill({ color: 0x07051a });
  g.ellipse(0, 15, 5, 2).fill({ color: 0x1e7a50 });
}

/** A flying saucer. */
function drawUfo(g: GraphicsContext) {
  g.poly([-10, 10, -20, 28, 20, 28, 10, 10]).fill({ color: SYMBOL_COLORS.ufo, alpha: 0.25 });
  g.ellipse(0, -4, 13, 12).fill({ color: SYMBOL_COLORS.ufo, alpha: 0.85 });
  g.ellipse(0, 4, 27, 9).fill({ color: 0xa9a6d6 });
  for (const x of [-16, -5, 6, 17]) g.circle(x, 5, 2.5).fill({ color: 0xffd166 });
}

/** A spiral galaxy. */
function drawGalaxy(g: GraphicsContext) {
  g.ellipse(0, 0, 26, 12).fill({ color: SYMBOL_COLORS.galaxy, alpha: 0.35 });
  g.arc(0, 0, 18, 0.2, 2.6).stroke({ width: 4, color: SYMBOL_COLORS.galaxy });
  g.arc(0, 0, 18, 3.3, 5.7).stroke({ width: 4, color: 0xff4fd8 });
  g.arc(0, 0, 10, 1.8, 4.4).stroke({ width: 3, color: 0xe0b3ff });
  g.circle(0, 0, 6).fill({ color: 0xfff3ff });
}

/** An astronaut's helmet. */
function drawAstronaut(g: GraphicsContext) {
  g.roundRect(-18, 12, 36, 14, 6).fill({ color: 0xdcd8ff });
  g.circle(0, -2, 21).fill({ color: SYMBOL_COLORS.astronaut });
  g.roundRect(-14, -12, 28, 18, 8).fill({ color: 0x1b2a6b });
  g.ellipse(-6, -7, 5, 3).fill({ color: 0x9be7ff, alpha: 0.8 });
}

/** A black hole (the scatter): a dark disk in a glowing ring. */
function drawBlackhole(g: GraphicsContext) {
  g.ellipse(0, 0, 27, 11).stroke({ width: 5, color: SYMBOL_COLORS.blackhole, alpha: 0.9 });
  g.circle(0, 0, 18).fill({ color: 0xff4fd8, alpha: 0.35 });
  g.circle(0, 0, 14).fill({ color: 0x000000 });
  g.arc(0, 0, 18, Math.PI, 2 * Math.PI).stroke({ width: 3, color: 0xffd166 });
}

const DRAWERS: Record<SlotSymbol, (g: GraphicsContext) => void> = {
  planet: drawPlanet,
  star: drawStar,
  comet: drawComet,
  moon: drawMoon,
  rocket: drawRocket,
  alien: drawAlien,
  ufo: drawUfo,
  galaxy: drawGalaxy,
  astronaut: drawAstronaut,
  blackhole: drawBlackhole,
};

/** Draws every symbol once; cells switch between these shared contexts. */
export function createSymbolContexts(): Record<SlotSymbol, GraphicsContext> {
  const contexts = {} as Record<SlotSymbol, GraphicsContext>;
  for (const [symbol, draw] of Object.entries(DRAWERS) as [SlotSymbol, (g: GraphicsContext) => void][]) {
    const context = new GraphicsContext();
    draw(context);
    contexts[symbol] = context;
  }
  return contexts;
}

import { PLINKO_MULTIPLIERS, type PlinkoRisk } from "@casino/protocol";
import { memo } from "react";
import { BOARD, formatSlotLabel, listPegs, SLOT_TOP, slotCenterX, slotColor } from "./plinkoBoard.ts";

/** Every peg as one path of circles: 150 pegs that never move cost one element. */
const PEGS_PATH = listPegs()
  .map(({ x, y }) => {
    const r = BOARD.pegRadius;
    return `M${x - r} ${y}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
  })
  .join("");

/** A colour number as CSS hex. */
function cssColor(color: number): string {
  return `#${color.toString(16).padStart(6, "0")}`;
}

/**
 * The board that never moves, drawn as SVG in the page's first paint: the pegs and the risk's 13
 * slots with their multipliers; a slot in `lit` (where a ball has just landed) is drawn lit.
 */
export const PlinkoBoardArt = memo(function PlinkoBoardArt({
  risk,
  lit,
}: {
  risk: PlinkoRisk;
  lit: ReadonlySet<number>;
}) {
  const table = PLINKO_MULTIPLIERS[risk];
  const max = Math.max(...table);
  const min = Math.min(...table);
  const width = BOARD.spacing - 4;
  return (
    <svg className="plinko-art" viewBox={`0 0 ${BOARD.width} ${BOARD.height}`} aria-hidden="true">
      <path d={PEGS_PATH} fill="#dcd8ff" />
      {table.map((multiplier, slot) => {
        const label = formatSlotLabel(multiplier);
        const x = slotCenterX(slot);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a slot is its place on the board.
          <g key={slot} className="plinko-slot" data-lit={lit.has(slot) || undefined}>
            <rect
              x={x - width / 2}
              y={SLOT_TOP}
              width={width}
              height={BOARD.slotHeight}
              rx={6}
              fill={cssColor(slotColor(multiplier, max, min))}
            />
            <text
              x={x}
              y={SLOT_TOP + BOARD.slotHeight / 2}
              // As large as the 28-unit box takes: the board is drawn about 0.75x on a phone.
              fontSize={label.length <= 3 ? 13 : 11}
            >
              {label}
            </text>
          </g>
        );
      })}
    </svg>
  );
});

/** Pip positions (3x3 grid cells 0..8) of each face. */
const PIPS: Record<number, number[]> = {
  1: [4],
  2: [0, 8],
  3: [0, 4, 8],
  4: [0, 2, 6, 8],
  5: [0, 2, 4, 6, 8],
  6: [0, 2, 3, 5, 6, 8],
};

/** One die drawn with pips (no font needed); `rolling` shakes it. */
export function Die({ face, rolling, label }: { face: number; rolling: boolean; label: string }) {
  const pips = PIPS[face] ?? [];
  return (
    <div
      className={`die${rolling ? " is-rolling" : ""}`}
      role="img"
      aria-label={`${label}: ${face}`}
      data-face={face}
      data-testid="die"
    >
      {Array.from({ length: 9 }, (_, cell) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the nine cells are fixed positions.
        <span key={cell} className={pips.includes(cell) ? "pip" : "pip-slot"} />
      ))}
    </div>
  );
}

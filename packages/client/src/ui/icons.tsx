/** Line icons drawn as inline SVG, so they look the same whatever fonts the device has. */

/** One stroke of an icon on its 24 x 24 grid: a path (its `d`) or a circle. */
type Stroke = string | { cx: number; cy: number; r: number };

/** Every icon's strokes, by name. */
const ICON_STROKES = {
  /** A ringed planet: the games. */
  planet: [
    { cx: 12, cy: 12, r: 5.5 },
    "M3.5 15.5c-1.6 2 .2 3.2 4.2 2.4 3.2-.6 7.2-2.4 10.4-4.6 3.3-2.3 4.7-4.5 3.2-5.6-.8-.6-2.3-.6-4.1-.1",
  ],
  /** A coin: the AMINA token. */
  coin: [{ cx: 12, cy: 12, r: 8.5 }, "M9 15.5 12 8l3 7.5M10.1 13h3.8"],
  /** A shield with a check: provable fairness. */
  shield: ["M12 3 4.5 6v5.5c0 4.6 3.2 8 7.5 9.5 4.3-1.5 7.5-4.9 7.5-9.5V6z", "m8.8 12.2 2.3 2.3 4.2-4.6"],
  /** A rocket: entering the cosmos. */
  rocket: [
    "M14.5 4.5c2.5-1 4.6-1.1 5.2-.2.9.6.8 2.7-.2 5.2-1.2 3-4 6-7 7.8l-4.3-4.3c1.8-3 4.8-5.8 7.8-7z",
    "M8.2 13 5 12.4l2.6-2.6 3.2.1M11 15.8l.6 3.2 2.6-2.6-.1-3.2M7.8 16.2 4 20",
    { cx: 15.2, cy: 8.8, r: 1.3 },
  ],
  /** A clock with an arrow: round history. */
  history: ["M3.5 12a8.5 8.5 0 1 0 2.5-6", "M3.5 4.5V9H8M12 7.5V12l3 2"],
  /** Fast-forward: skip the intro. */
  skip: ["m5 6 7 6-7 6zM12.5 6l7 6-7 6z"],
} satisfies Record<string, readonly Stroke[]>;

/** The icons there are. */
export type IconName = keyof typeof ICON_STROKES;

/** The icon `name` in the current text colour, `size` pixels square, hidden from screen readers. */
export function Icon({ name, size = 24 }: { name: IconName; size?: number }) {
  const strokes: readonly Stroke[] = ICON_STROKES[name];
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {strokes.map((stroke) =>
        typeof stroke === "string" ? (
          <path key={stroke} d={stroke} />
        ) : (
          <circle key={`${stroke.cx},${stroke.cy}`} cx={stroke.cx} cy={stroke.cy} r={stroke.r} />
        ),
      )}
    </svg>
  );
}

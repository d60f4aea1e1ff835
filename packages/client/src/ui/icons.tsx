/** Line icons drawn as inline SVG, so they look the same whatever fonts the device has. */
import type { ReactNode } from "react";

function Icon({ children, size = 24 }: { children: ReactNode; size?: number }) {
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
      {children}
    </svg>
  );
}

/** A ringed planet: the games. */
export function PlanetIcon({ size }: { size?: number }) {
  return (
    <Icon size={size}>
      <circle cx="12" cy="12" r="5.5" />
      <path d="M3.5 15.5c-1.6 2 .2 3.2 4.2 2.4 3.2-.6 7.2-2.4 10.4-4.6 3.3-2.3 4.7-4.5 3.2-5.6-.8-.6-2.3-.6-4.1-.1" />
    </Icon>
  );
}

/** A coin: the AMINA token. */
export function CoinIcon({ size }: { size?: number }) {
  return (
    <Icon size={size}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M9 15.5 12 8l3 7.5M10.1 13h3.8" />
    </Icon>
  );
}

/** A shield with a check: provable fairness. */
export function ShieldIcon({ size }: { size?: number }) {
  return (
    <Icon size={size}>
      <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8 7.5 9.5 4.3-1.5 7.5-4.9 7.5-9.5V6z" />
      <path d="m8.8 12.2 2.3 2.3 4.2-4.6" />
    </Icon>
  );
}

/** A rocket: entering the cosmos. */
export function RocketIcon({ size }: { size?: number }) {
  return (
    <Icon size={size}>
      <path d="M14.5 4.5c2.5-1 4.6-1.1 5.2-.2.9.6.8 2.7-.2 5.2-1.2 3-4 6-7 7.8l-4.3-4.3c1.8-3 4.8-5.8 7.8-7z" />
      <path d="M8.2 13 5 12.4l2.6-2.6 3.2.1M11 15.8l.6 3.2 2.6-2.6-.1-3.2M7.8 16.2 4 20" />
      <circle cx="15.2" cy="8.8" r="1.3" />
    </Icon>
  );
}

/** A clock with an arrow: round history. */
export function HistoryIcon({ size }: { size?: number }) {
  return (
    <Icon size={size}>
      <path d="M3.5 12a8.5 8.5 0 1 0 2.5-6" />
      <path d="M3.5 4.5V9H8M12 7.5V12l3 2" />
    </Icon>
  );
}

/** Fast-forward: skip the intro. */
export function SkipIcon({ size }: { size?: number }) {
  return (
    <Icon size={size}>
      <path d="m5 6 7 6-7 6zM12.5 6l7 6-7 6z" />
    </Icon>
  );
}

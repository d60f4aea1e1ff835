import "./playPause.css";
import { usePlayPause } from "./usePlayPause.ts";

/** The banner under the header while new bets are paused (maintenance, cool-off, exclusion, session time). */
export function PlayPauseBanner() {
  const pause = usePlayPause();
  if (!pause) return null;
  return (
    <div className={`play-pause-banner pause-${pause.kind}`} role="status" data-testid="play-pause-banner">
      {pause.text}
    </div>
  );
}

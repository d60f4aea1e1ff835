import { formatCount } from "../../ui/format.ts";
import "./liveBets.css";
import { useLiveFeed } from "./useLiveFeed.ts";

/** "N online" for the header: distinct players with the casino open, cluster-wide. */
export function OnlineCount() {
  const { online, live } = useLiveFeed();
  return (
    <span className="badge online-count" data-testid="online-count" data-live={live} aria-live="polite">
      <span className="online-dot" aria-hidden="true" />
      {formatCount(online)} online
    </span>
  );
}

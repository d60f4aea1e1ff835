import { useEffect, useRef } from "react";
import type { RoomSnapshot } from "./roomSnapshot.ts";

/**
 * Hands the room's first snapshot to `resume` once, so a reload in the middle of a round shows that
 * round again; later snapshots are left to the screen, which follows its own answers.
 */
export function useResumeOnce(snapshot: RoomSnapshot | null, resume: (snapshot: RoomSnapshot) => void): void {
  const resumed = useRef(false);
  const latestResume = useRef(resume);
  latestResume.current = resume;
  useEffect(() => {
    if (resumed.current || !snapshot) return;
    resumed.current = true;
    latestResume.current(snapshot);
  }, [snapshot]);
}

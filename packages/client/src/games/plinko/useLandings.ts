import { useEffect, useMemo, useRef, useState } from "react";
import { ballPositionAt } from "./ballFlight.ts";
import type { FlightStore, PlinkoBall } from "./flightStore.ts";
import { PLINKO_HIGHLIGHT_MS, slotAtX } from "./plinkoBoard.ts";

/**
 * Lands each ball of `store` when its flight ends (by the clock, drawn or not), tells `onLand` the slot
 * it lies in, and gives the slots lit by a landing in the last PLINKO_HIGHLIGHT_MS.
 */
export function useLandings(
  store: FlightStore,
  onLand: (ball: PlinkoBall, landedSlot: number) => void,
): ReadonlySet<number> {
  // A slot appears once per landing still lit, so two balls in one slot keep it lit for the later one.
  const [litLandings, setLitLandings] = useState<readonly number[]>([]);
  const onLandRef = useRef(onLand);
  onLandRef.current = onLand;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unlights = new Set<ReturnType<typeof setTimeout>>();
    const light = (slot: number) => {
      setLitLandings((slots) => [...slots, slot]);
      const unlight = setTimeout(() => {
        unlights.delete(unlight);
        setLitLandings((slots) => {
          const at = slots.indexOf(slot);
          return at < 0 ? slots : [...slots.slice(0, at), ...slots.slice(at + 1)];
        });
      }, PLINKO_HIGHLIGHT_MS);
      unlights.add(unlight);
    };
    const land = () => {
      for (const ball of store.collectLanded()) {
        const slot = slotAtX(ballPositionAt(ball.flight, ball.flight.duration).x);
        light(slot);
        onLandRef.current(ball, slot);
      }
      schedule();
    };
    function schedule() {
      clearTimeout(timer);
      const balls = store.inFlight();
      if (balls.length === 0) return;
      const next = Math.min(...balls.map((ball) => ball.launchedAt + ball.flight.duration));
      timer = setTimeout(land, Math.max(0, next - performance.now()));
    }
    const stop = store.subscribe(schedule);
    schedule();
    return () => {
      stop();
      clearTimeout(timer);
      for (const unlight of unlights) clearTimeout(unlight);
    };
  }, [store]);

  return useMemo(() => new Set(litLandings), [litLandings]);
}

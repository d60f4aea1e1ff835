import type { Room } from "@colyseus/sdk";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openRoomSession } from "./roomSession.ts";

/** A room that only records how often it was left. */
function fakeRoom(): Room & { leaves: number } {
  const room = {
    leaves: 0,
    leave: async (consented?: boolean) => {
      expect(consented).toBe(true);
      room.leaves += 1;
      return 1000;
    },
  };
  return room as unknown as Room & { leaves: number };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("openRoomSession", () => {
  it("keeps an adopted room and leaves it on dispose", () => {
    const ref: { current: Room | null } = { current: null };
    const session = openRoomSession(ref);
    const room = fakeRoom();
    expect(session.adopt(room)).toBe(true);
    expect(ref.current).toBe(room);
    session.dispose();
    expect(session.disposed).toBe(true);
    expect(ref.current).toBeNull();
    expect(room.leaves).toBe(1);
  });

  it("leaves a room that joins after the cleanup instead of keeping it", () => {
    const ref: { current: Room | null } = { current: null };
    const session = openRoomSession(ref);
    session.dispose();
    const late = fakeRoom();
    expect(session.adopt(late)).toBe(false);
    expect(ref.current).toBeNull();
    expect(late.leaves).toBe(1);
  });

  it("forgets only the room that left, and says whether the effect still runs", () => {
    const ref: { current: Room | null } = { current: null };
    const session = openRoomSession(ref);
    const first = fakeRoom();
    const second = fakeRoom();
    session.adopt(first);
    session.adopt(second);
    expect(session.release(first)).toBe(true);
    expect(ref.current).toBe(second);
    expect(session.release(second)).toBe(true);
    expect(ref.current).toBeNull();
    session.dispose();
    expect(session.release(second)).toBe(false);
  });

  it("runs a pending rejoin after its delay unless the session was disposed first", () => {
    vi.useFakeTimers();
    const ref: { current: Room | null } = { current: null };
    const kept = openRoomSession(ref);
    const cancelled = openRoomSession(ref);
    const rejoins: string[] = [];
    kept.retryIn(2000, () => rejoins.push("kept"));
    cancelled.retryIn(2000, () => rejoins.push("cancelled"));
    cancelled.dispose();
    vi.advanceTimersByTime(1999);
    expect(rejoins).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(rejoins).toEqual(["kept"]);
  });
});

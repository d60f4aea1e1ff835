/**
 * Who is dealt in and where the button and blinds go, by the dead-button rule: the big blind moves
 * to the next player clockwise every hand, the small blind sits where the big blind was (dead if that
 * player is gone) and the button where the small blind was. Heads-up, the button posts the small
 * blind. New players wait for the big blind or post one; players who miss it while sitting out wait.
 */
import { isStrictlyBetween, nextSeatWhere, seatsBefore } from "./seats.ts";
import type { SeatedPlayer, TableState } from "./types.ts";

/** The seats of one hand. */
export interface HandPositions {
  buttonSeat: number;
  /** Null when the small blind is dead. */
  smallBlindSeat: number | null;
  /** Where the small blind is (posted or dead): next hand's button goes here. */
  smallBlindPosition: number;
  bigBlindSeat: number;
  /** Dealt-in seats in seat order. */
  dealtIn: number[];
  /** Seats posting a big blind out of position to enter the game. */
  extraBigBlinds: number[];
  /** Sitting-out seats the big blind passed this hand: they wait for it when they return. */
  missedBigBlind: number[];
}

/** A seated player who can take part in the next hand. */
export function isReady(player: SeatedPlayer | null): player is SeatedPlayer {
  return player !== null && player.stack > 0 && !player.sittingOut && !player.leaving;
}

/** The positions of the next hand, or null when fewer than two players can play. */
export function chooseHandPositions(state: TableState): HandPositions | null {
  const n = state.config.maxPlayers;
  const seats = state.seats;
  const ready = seats.flatMap((p, seat) => (isReady(p) ? [seat] : []));
  if (ready.length < 2) return null;
  const isReadySeat = (seat: number): boolean => isReady(seats[seat] ?? null);
  const entering = (seat: number): boolean => {
    const p = seats[seat]!;
    return !p.waitingForBigBlind || p.postingBigBlind;
  };
  const lastBigBlind = state.lastBigBlindSeat;
  // A table (re)starting with fewer than two regulars deals everyone in without waiting or posting.
  const fresh = lastBigBlind === null || ready.filter((s) => !seats[s]!.waitingForBigBlind).length < 2;

  if (lastBigBlind === null) {
    const button = ready[0]!;
    if (ready.length === 2) {
      const bigBlind = ready[1]!;
      return { ...noExtras(button, button, bigBlind, ready), smallBlindPosition: button };
    }
    const smallBlind = nextSeatWhere(button, n, isReadySeat)!;
    const bigBlind = nextSeatWhere(smallBlind, n, isReadySeat)!;
    return { ...noExtras(button, smallBlind, bigBlind, ready), smallBlindPosition: smallBlind };
  }

  const bigBlind = nextSeatWhere(lastBigBlind, n, isReadySeat)!;
  const missedBigBlind = seats.flatMap((p, seat) =>
    p?.sittingOut && isStrictlyBetween(lastBigBlind, bigBlind, seat, n) ? [seat] : [],
  );
  const dealtIn = fresh ? ready : ready.filter((s) => s === bigBlind || entering(s));

  if (dealtIn.length === 2) {
    const other = dealtIn.find((s) => s !== bigBlind)!;
    return { ...noExtras(other, other, bigBlind, dealtIn), smallBlindPosition: other, missedBigBlind };
  }

  const smallBlindPosition = lastBigBlind;
  const smallBlindSeat =
    dealtIn.includes(smallBlindPosition) && smallBlindPosition !== bigBlind ? smallBlindPosition : null;
  const lastSmallBlind = state.lastSmallBlindSeat;
  const buttonSeat =
    lastSmallBlind !== null && isStrictlyBetween(bigBlind, smallBlindPosition, lastSmallBlind, n)
      ? lastSmallBlind
      : seatsBefore(smallBlindPosition, n).find((s) => s !== bigBlind && dealtIn.includes(s))!;
  const extraBigBlinds = fresh
    ? []
    : dealtIn.filter(
        (s) =>
          s !== bigBlind && s !== smallBlindSeat && seats[s]!.postingBigBlind && seats[s]!.waitingForBigBlind,
      );
  return {
    buttonSeat,
    smallBlindSeat,
    smallBlindPosition,
    bigBlindSeat: bigBlind,
    dealtIn,
    extraBigBlinds,
    missedBigBlind,
  };
}

function noExtras(
  buttonSeat: number,
  smallBlindSeat: number,
  bigBlindSeat: number,
  dealtIn: number[],
): Omit<HandPositions, "smallBlindPosition"> {
  return { buttonSeat, smallBlindSeat, bigBlindSeat, dealtIn, extraBigBlinds: [], missedBigBlind: [] };
}

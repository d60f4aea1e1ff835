/**
 * Finishing places: players busted in a later hand finish higher; players busted in the same hand
 * are ranked by their stack at the start of that hand (bigger is better), and equal stacks tie,
 * sharing the prizes of the places they cover (split evenly, odd units to the earlier-listed
 * player). Pure.
 */

/** A player out of the tournament: the hand that busted them and their stack when it began. */
export interface Elimination {
  playerId: string;
  handNumber: number;
  startStack: number;
}

/** A player's final place and prize (micro-units). */
export interface Finish {
  playerId: string;
  /** 1 = winner; tied players share the best place of their group. */
  place: number;
  prize: number;
}

/** Groups busts best first: later hands first, then bigger starting stacks; equal stacks in a hand tie. */
export function rankEliminations(eliminations: readonly Elimination[]): Elimination[][] {
  const sorted = [...eliminations].sort((a, b) => b.handNumber - a.handNumber || b.startStack - a.startStack);
  const groups: Elimination[][] = [];
  for (const e of sorted) {
    const last = groups[groups.length - 1];
    const head = last?.[0];
    if (last && head && head.handNumber === e.handNumber && head.startStack === e.startStack) last.push(e);
    else groups.push([e]);
  }
  return groups;
}

/** Every player's place and prize: the winner first, then the ranked busts; `prizes[i]` pays place i+1. */
export function assignFinishes(
  winnerId: string,
  eliminations: readonly Elimination[],
  prizes: readonly number[],
): Finish[] {
  const groups: string[][] = [
    [winnerId],
    ...rankEliminations(eliminations).map((g) => g.map((e) => e.playerId)),
  ];
  const finishes: Finish[] = [];
  let place = 1;
  for (const group of groups) {
    let total = 0;
    for (let i = 0; i < group.length; i++) total += prizes[place - 1 + i] ?? 0;
    const share = Math.floor(total / group.length);
    let odd = total - share * group.length;
    for (const playerId of group) {
      finishes.push({ playerId, place, prize: share + (odd > 0 ? 1 : 0) });
      if (odd > 0) odd--;
    }
    place += group.length;
  }
  return finishes;
}

/** The places of one hand's busts below the players still in (tied players share the better place). */
export function placesOfBusts(playersBefore: number, eliminations: readonly Elimination[]): Finish[] {
  const finishes: Finish[] = [];
  let place = playersBefore - eliminations.length + 1;
  for (const group of rankEliminations(eliminations)) {
    for (const e of group) finishes.push({ playerId: e.playerId, place, prize: 0 });
    place += group.length;
  }
  return finishes;
}

/** Round requests for the round-service tests: the usual bet, with only what a test is about given. */
import { coins, roundFloats } from "@casino/protocol";
import type { FairContext } from "../fairness/seeds.ts";
import type { Decision, OpenRoundInput, PlayRoundInput } from "./types.ts";

/** A one-shot bet: 1 HC of u1 on dice with an empty input, unless the test says otherwise. */
export function testBet(round: Partial<PlayRoundInput> & Pick<PlayRoundInput, "decide">): PlayRoundInput {
  return { userId: "u1", gameType: "dice", currency: "HC", stake: coins(1), input: {}, ...round };
}

/** A multi-step round: 1 HC of u1 on blackjack with an empty input, unless the test says otherwise. */
export function testRound(round: Partial<OpenRoundInput> & Pick<OpenRoundInput, "start">): OpenRoundInput {
  return { userId: "u1", gameType: "blackjack", currency: "HC", stake: coins(1), input: {}, ...round };
}

/** A fair decision: pays `win` when the round's first float is below `chance`, else nothing (outcome: the float). */
export function winBelow(chance: number, win: number): (fair: FairContext) => Decision {
  return (fair) => {
    const [f = 0] = roundFloats(fair.serverSeed, fair.clientSeed, fair.nonce, 1);
    return { win: f < chance ? win : 0, outcome: f };
  };
}

/** Starts `count` calls at the same time (call i gets i) and waits for every answer, in order. */
export function runAtOnce<T>(count: number, call: (i: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => call(i)));
}

import {
  type CardIndex,
  cardFace,
  DECK_POSITIONS,
  deckSalt,
  formatHistoryCard,
  type HandOpening,
  verifyHandOpening,
} from "@casino/protocol";
import { redactEvents } from "@casino/protocol/poker/engine/view";
import { HAND_LOG_MESSAGE, type HandLogMessage } from "@casino/protocol/schemas/poker-hand-log";
import { afterAll, describe, expect, it } from "vitest";
import { createClient, type TestCasino } from "../../http/test-helpers.ts";
import { findHand, type StoredHand } from "../../poker/hand-store.ts";
import { createPlayer, startPokerCasino } from "../../poker/test-helpers.ts";
import {
  autoPlay,
  checkOrCall,
  joinTableRoom,
  leaveQuietly,
  type Strategy,
  sendAndWait,
  type TableRoom,
  waitForState,
} from "./test-clients.ts";

const TABLE = "orion-9-max";

/** Something a viewer received, with the hand it belongs to (0: not tied to one hand). */
interface Seen {
  hand: number;
  text: string;
}

/** Odd hands end by folds, even hands are checked down to showdown (where losers may muck). */
const foldOrShowdown: Strategy = (s) => (s.handNumber % 2 === 1 ? { actionType: "fold" } : checkOrCall(s));

/** The JSON form a card face takes in room states and REST table views. */
function faceJson(card: CardIndex): string {
  const { rank, suit } = cardFace(card);
  return JSON.stringify({ rank, suit });
}

describe("nothing unshown leaves the server", () => {
  let casino: TestCasino;
  const rooms: TableRoom[] = [];
  afterAll(async () => {
    for (const room of rooms) await leaveQuietly(room);
    await casino?.stop();
  });

  it("shows anonymous visitors, opponents and spectators no unshown card and no hand seed", async () => {
    casino = await startPokerCasino({ autoStartDelayMs: 150, actionTimeoutMs: 15_000 });
    const anonymous = createClient(casino.url);
    const spectator = await createPlayer(casino);
    const players = [];
    for (const [i, buyIn] of [0.1, 0.1, 0.1].entries()) {
      const player = await createPlayer(casino, 1);
      const room = await joinTableRoom(casino.url, player.token, TABLE);
      rooms.push(room);
      expect((await sendAndWait(room, "sit", { buyInAmount: buyIn, playerName: `P${i}` })).kind).toBe(
        "result",
      );
      expect((await sendAndWait(room, "sitOut", { sittingOut: true })).kind).toBe("result");
      players.push({ ...player, room });
    }
    const watching = await joinTableRoom(casino.url, spectator.token, TABLE);
    rooms.push(watching);

    // Everything each viewer receives, tagged with its hand.
    const viewers = [
      { name: "anonymous", userId: null as string | null, http: anonymous, room: null as TableRoom | null },
      { name: "spectator", userId: spectator.userId, http: spectator.client, room: watching },
      ...players.map((p, i) => ({ name: `player ${i}`, userId: p.userId, http: p.client, room: p.room })),
    ];
    const seen = new Map<string, Seen[]>(viewers.map((v) => [v.name, []]));
    const pending: Promise<unknown>[] = [];
    for (const v of viewers) {
      v.room?.onStateChange((state) => {
        seen.get(v.name)!.push({ hand: state.handNumber, text: JSON.stringify(state.toJSON()) });
      });
    }
    // The table log's feed: every hand-log message each room viewer receives.
    const logs = new Map<string, HandLogMessage[]>(viewers.map((v) => [v.name, []]));
    for (const v of viewers) {
      v.room?.onMessage(HAND_LOG_MESSAGE, (message: HandLogMessage) => {
        logs.get(v.name)!.push(message);
        seen.get(v.name)!.push({ hand: message.handNumber, text: JSON.stringify(message) });
      });
    }
    // Every state change of the spectator also polls the REST table view as each viewer.
    watching.onStateChange(() => {
      for (const v of viewers) {
        pending.push(
          v.http.get(`/api/poker/tables/${TABLE}`).then((a) => {
            const body = a.body as { handNumber: number };
            seen.get(v.name)!.push({ hand: body.handNumber, text: a.text });
          }),
        );
      }
    });

    for (const p of players) autoPlay(p.room, p.userId, foldOrShowdown);
    await Promise.all(players.map((p) => sendAndWait(p.room, "sitOut", { sittingOut: false })));
    await waitForState(watching, (s) => s.lastHandNumber >= 4, 40_000);
    await Promise.all(players.map((p) => sendAndWait(p.room, "sitOut", { sittingOut: true })));
    await Promise.all(pending);

    const handIds = new Set<number>();
    for (const v of seen.values()) {
      for (const s of v)
        for (const m of s.text.matchAll(/"lastHandId":"(\d+)"|"handId":(\d+)/g))
          handIds.add(Number(m[1] ?? m[2]));
    }
    const hands = (await Promise.all([...handIds].map((id) => findHand(casino.handle.db, id)))).filter(
      (h): h is StoredHand => h?.status === "ended",
    );
    expect(hands.length).toBeGreaterThanOrEqual(4);

    // Per hand: the hole cards each seat was dealt and the seats that showed them.
    const facts = hands.map((hand) => {
      const hole = new Map<number, CardIndex[]>();
      const shown = new Set<number>();
      for (const e of hand.events) {
        if (e.type === "hole_cards_dealt") hole.set(e.seat, e.cards);
        if (e.type === "hand_shown") shown.add(e.seat);
      }
      return { hand, hole, shown };
    });
    const folded = facts.filter((f) => f.shown.size === 0);
    const showdowns = facts.filter((f) => f.shown.size > 0);
    expect(folded.length).toBeGreaterThan(0);
    expect(showdowns.length).toBeGreaterThan(0);

    // Per-hand answers: openings for everyone, records and histories for the players who played.
    for (const v of viewers) {
      for (const { hand } of facts) {
        const opening = await v.http.get(`/api/poker/hands/${hand.id}/opening`);
        expect(opening.status).toBe(200);
        seen.get(v.name)!.push({ hand: hand.handNumber, text: opening.text });
        const mySeat = hand.players.find((p) => p.playerId === v.userId)?.seat ?? null;
        const check = verifyHandOpening(opening.body as HandOpening, { board: hand.board });
        expect(check.problems).toEqual([]);
        expect(Object.keys(check.holeCards).map(Number).sort()).toEqual(
          [...facts.find((f) => f.hand.id === hand.id)!.shown, ...(mySeat === null ? [] : [mySeat])]
            .filter((s, i, all) => all.indexOf(s) === i)
            .sort(),
        );
        if (mySeat === null) continue;
        for (const path of [`/api/poker/hands/${hand.id}`, `/api/poker/hands/${hand.id}/history.txt`]) {
          const answer = await v.http.get(path);
          expect(answer.status).toBe(200);
          seen.get(v.name)!.push({ hand: hand.handNumber, text: answer.text });
        }
      }
    }

    // The log is told from the hand's stored events as the viewer's seat sees them: the last
    // message of a hand is its record, redacted; no message carries another seat's dealt cards.
    for (const v of viewers) {
      if (!v.room) continue;
      const got = logs.get(v.name)!;
      for (const message of got) {
        const started = message.events[0];
        const seat =
          started?.type === "hand_started"
            ? (started.players.find((p) => p.playerId === v.userId)?.seat ?? null)
            : null;
        for (const e of message.events)
          if (e.type === "hole_cards_dealt" && e.seat !== seat) expect(e.cards).toEqual([]);
      }
      for (const { hand } of facts) {
        const last = got.filter((m) => m.handNumber === hand.handNumber).at(-1);
        const mySeat = hand.players.find((p) => p.playerId === v.userId)?.seat ?? null;
        expect(last?.events, `${v.name}'s log of hand ${hand.handNumber}`).toEqual(
          redactEvents(hand.events, mySeat),
        );
      }
    }

    let checkedCards = 0;
    for (const v of viewers) {
      const texts = seen.get(v.name)!;
      expect(texts.length).toBeGreaterThan(0);
      const all = texts.map((t) => t.text).join("\n");
      for (const { hand, hole, shown } of facts) {
        // No seed, and no salt of a position this viewer was not given (nothing to rebuild a card from).
        expect(all).not.toContain(hand.handSeed);
        const mySeat = hand.players.find((p) => p.playerId === v.userId)?.seat ?? null;
        const forHand = texts.filter((t) => t.hand === hand.handNumber).map((t) => t.text);
        expect(forHand.length).toBeGreaterThan(0);
        for (const [seat, cards] of hole) {
          if (shown.has(seat) || seat === mySeat) continue;
          for (const card of cards) {
            checkedCards++;
            for (const text of forHand) {
              expect(text, `${v.name} saw seat ${seat}'s ${formatHistoryCard(card)}`).not.toContain(
                faceJson(card),
              );
              expect(text).not.toMatch(new RegExp(`[\\[ ]${formatHistoryCard(card)}[\\] ]`));
              expect(text).not.toMatch(new RegExp(`"card":${card}[,}]`));
            }
          }
        }
        const opened = new Set(
          texts.flatMap((t) => [...t.text.matchAll(/"salt":"([0-9a-f]{64})"/g)].map((m) => m[1])),
        );
        for (let position = 0; position < DECK_POSITIONS; position++) {
          const salt = deckSalt(hand.handSeed, position);
          if (!opened.has(salt)) expect(all).not.toContain(salt);
        }
      }
      expect(all).not.toMatch(/"(handSeed|hand_seed|seed|lastRevealedSeed)"/);
    }
    // Folds leave at least two unshown hands per hand for every viewer but the winner.
    expect(checkedCards).toBeGreaterThan(viewers.length * folded.length * 2);
  }, 90_000);
});

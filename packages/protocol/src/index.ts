/** The casino's pure core: money, provably-fair randomness, game rules, schemas, catalogue. */
export * from "./fair/cards.ts";
export * from "./fair/stream.ts";
export * from "./games/blackjack/blackjack.ts";
export { type HandTotal, handTotal } from "./games/blackjack/hand.ts";
export * from "./games/blackjack/strategy.ts";
export * from "./games/blackjack/view.ts";
export * from "./games/catalogue.ts";
export * from "./games/dice/dice.ts";
export * from "./games/game-types.ts";
export * from "./games/hilo/hilo.ts";
export * from "./games/plinko/plinko.ts";
export * from "./games/sim/scripted-stream.ts";
export * from "./games/sim/seeded-stream.ts";
export * from "./games/slots/measured.ts";
export * from "./games/slots/slots.ts";
export * from "./games/slots/symbols.ts";
export * from "./games/verify.ts";
export * from "./money/limits.ts";
export * from "./money/money.ts";
export * from "./poker/bots/chen.ts";
export * from "./poker/bots/decide.ts";
export * from "./poker/bots/equity.ts";
export * from "./poker/deck-commitment.ts";
export * from "./poker/deck-opening.ts";
export * from "./poker/engine/betting.ts";
export { TABLE_ERROR_MESSAGES, type TableErrorCode } from "./poker/engine/errors.ts";
export { chooseHandPositions, type HandPositions } from "./poker/engine/positions.ts";
export { applyTableAction, createTable, DEFAULT_TABLE_RULES } from "./poker/engine/reducer.ts";
export * from "./poker/engine/types.ts";
export * from "./poker/engine/view.ts";
export * from "./poker/evaluator/describe.ts";
export * from "./poker/evaluator/evaluate.ts";
export {
  HAND_CATEGORIES,
  HAND_CATEGORY_NAMES,
  HAND_CLASS_COUNT,
  type HandCategory,
} from "./poker/evaluator/hand-classes.ts";
export * from "./poker/fairness.ts";
export * from "./poker/history.ts";
export { drawDistinctCards } from "./poker/seeded-random.ts";
export * from "./random/seeded-random.ts";
export * from "./schemas/crypto-bets.ts";
export * from "./schemas/fields.ts";
export * from "./schemas/game-bodies.ts";
export * from "./schemas/history-query.ts";
export * from "./schemas/live-feed.ts";
export * from "./schemas/operator-answers.ts";
export * from "./schemas/operator-vault.ts";
export * from "./schemas/poker.ts";
export * from "./schemas/poker-snapshot.ts";
export * from "./schemas/poker-view.ts";
export * from "./schemas/rest-answers.ts";
export * from "./schemas/room-messages.ts";
export * from "./schemas/room-replies.ts";
export * from "./schemas/round-input.ts";
export * from "./schemas/standings.ts";
export * from "./wire/answers/blackjack.ts";
export * from "./wire/answers/dice.ts";
export * from "./wire/answers/hilo.ts";
export * from "./wire/answers/plinko.ts";
export * from "./wire/answers/shared.ts";
export * from "./wire/answers/slots.ts";
export * from "./wire/client-routes.ts";
export * from "./wire/close-reasons.ts";
export * from "./wire/failures.ts";
export * from "./wire/style-nonce.ts";
export * from "./wire/version.ts";

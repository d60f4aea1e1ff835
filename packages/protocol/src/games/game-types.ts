/** The games of the catalogue, as they appear in routes (/game/{id}) and in round records. */

/** The five single-player games, each with its own rules module and game room. */
export const SINGLE_PLAYER_GAMES = ["slots", "plinko", "blackjack", "hilo", "dice"] as const;
export type SinglePlayerGame = (typeof SINGLE_PLAYER_GAMES)[number];

/** Every game of the catalogue: the five single-player games, poker and Supernova (crash). */
export const GAME_TYPES = [...SINGLE_PLAYER_GAMES, "poker", "crash"] as const;
export type GameType = (typeof GAME_TYPES)[number];

/** Whether a route segment names a single-player game (anything else shows "Game Not Found"). */
export function isSinglePlayerGame(value: string): value is SinglePlayerGame {
  return (SINGLE_PLAYER_GAMES as readonly string[]).includes(value);
}

/** The casino's scripting SDK: demo identities, the games over REST or their rooms, and a load runner. */
export { type GameAnswer, gamesOf } from "./games.ts";
export { pacer, sleep } from "./pace.ts";
export { type PokerBotPlayer, type PokerTableRoom, type SitOptions, sitWithBotBrain } from "./poker.ts";
export { botInputsOf, cardIndexOf, seatOfUser } from "./poker-view.ts";
export {
  GAME_ROOM,
  GAME_ROOM_MESSAGES_PER_SECOND,
  type GameRoomPlayer,
  joinGameRoom,
  roomClientOf,
} from "./rooms.ts";
export { type LoadReport, runClients } from "./run-clients.ts";
export { type CasinoSession, connectDemo, randomDemoAddress } from "./session.ts";
export { VersionedClient } from "./versioned-client.ts";

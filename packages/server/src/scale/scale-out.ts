/**
 * Scale-out by configuration: with REDIS_URL set, startCasino takes everything several processes
 * must share from here. Colyseus rooms and matchmaking use RedisPresence + RedisDriver; rate-limit
 * buckets, the operator's failed-password windows and plinko balls in flight live in Redis; each
 * process announces itself (node registry) and its poker tables (table directory); a table's room is
 * created in the process holding the table's lease, a table's REST calls are handed to it (and a
 * Supernova currency's calls to the holder of its lease), and
 * round-settlement notices and session revocations reach the player's rooms wherever they run.
 * Sessions, operator tokens, maintenance mode and monitor counters are already in the database.
 */
import { matchMaker, type ServerOptions } from "@colyseus/core";
import { RedisDriver } from "@colyseus/redis-driver";
import { RedisPresence } from "@colyseus/redis-presence";
import type { AppServices } from "../app-services.ts";
import { type ChatBus, createSharedChatBus } from "../floor/chat/bus.ts";
import { createPresenceFeedBus } from "../floor/feed/feed-bus.ts";
import type { SharedFeed } from "../floor/feed/live-feed.ts";
import { createRedisOnline } from "../floor/feed/online.ts";
import type { RoundEvents } from "../games/round-events.ts";
import type { Logger } from "../log.ts";
import type { RateLimiter } from "../security/rate-limiter.ts";
import type { CasinoServices } from "../services.ts";
import { createNodeRegistry, type NodeRegistry } from "./node-registry.ts";
import { createRedisBallFlights, type SharedBallFlights } from "./redis-ball-flights.ts";
import { keyPrefixOfUrl, openRedis } from "./redis-client.ts";
import { createRedisFailureThrottle, type SharedFailureThrottle } from "./redis-failure-throttle.ts";
import { createRedisRateLimiter } from "./redis-rate-limiter.ts";
import { selectProcessForRoom } from "./room-placement.ts";
import { createSharedRevocations } from "./shared-revocations.ts";
import { createSharedRoundEvents } from "./shared-round-events.ts";
import { createTableDirectory, type TableDirectory } from "./table-directory.ts";
import { hostedTablesOf } from "./table-listing.ts";

/** How a process joins the cluster. */
export interface ScaleOutOptions {
  redisUrl: string;
  log: Logger;
}

/** The Colyseus Server options a cluster sets. */
export type ClusterServerOptions = Pick<ServerOptions, "presence" | "driver" | "selectProcessIdToCreateRoom">;

/** What a casino process shares with the others of its cluster. */
export interface ScaleOut {
  limiter: RateLimiter;
  throttle: SharedFailureThrottle;
  flights: SharedBallFlights;
  /** Settlement notices for the game runtime, delivered in every process. */
  roundEvents: RoundEvents;
  /** Chat messages and sanctions, delivered to the chat rooms of every process. */
  chatBus: ChatBus;
  /** The live feed's batches and the players online, shared by every process. */
  liveFeed: SharedFeed;
  /** Presence, driver and room placement for the Colyseus Server. */
  colyseusOptions(services: CasinoServices): ClusterServerOptions;
  /** The cluster's live processes, where a call for a table or round hosted elsewhere is handed on (http/cluster-forwarding.ts). */
  readonly nodes: NodeRegistry;
  /** Announces this process and its tables, once it listens and poker runs. */
  start(services: AppServices, where: { internalUrl: string }): Promise<void>;
  /** Withdraws this process from the registry and the table list (before rooms and poker close). */
  stop(): Promise<void>;
  /** Closes this module's own Redis connection (presence and driver close with Colyseus). */
  close(): Promise<void>;
  /** Round trip to Redis (readiness and latency probes); rejects when Redis does not answer. */
  ping(): Promise<void>;
}

/** Connects a casino process to the cluster's Redis (connections open lazily on first command). */
export function prepareScaleOut(options: ScaleOutOptions): ScaleOut {
  const { redisUrl, log } = options;
  const redis = openRedis(redisUrl, "casino-shared-state");
  const presence = new RedisPresence(redisUrl);
  const driver = new RedisDriver(redisUrl);
  // Channels are not keys: ioredis does not prefix them, so the prefix is put in by hand.
  const channelPrefix = keyPrefixOfUrl(redisUrl);
  const roundEvents = createSharedRoundEvents(presence, `${channelPrefix}casino:rounds`);
  const revocations = createSharedRevocations(presence, `${channelPrefix}casino:sessions:revoked`);
  const chatBus = createSharedChatBus(presence, `${channelPrefix}casino:chat`);
  let registry: NodeRegistry | undefined;
  let directory: TableDirectory | undefined;

  // Rooms and routes exist before the registry starts (it needs the listening port): they look it up late.
  const lateRegistry: NodeRegistry = {
    start: async () => undefined,
    find: (nodeId) => registry?.find(nodeId) ?? Promise.resolve(undefined),
    list: () => registry?.list() ?? Promise.resolve([]),
    stop: async () => undefined,
  };

  const flights = createRedisBallFlights(redis);
  return {
    limiter: createRedisRateLimiter(redis, { log }),
    throttle: createRedisFailureThrottle(redis),
    flights,
    roundEvents,
    chatBus,
    liveFeed: {
      bus: createPresenceFeedBus(presence, `${channelPrefix}casino:floor:feed`),
      online: createRedisOnline(redis, "casino:floor:online"),
    },
    colyseusOptions(services) {
      const context = {
        db: services.handle.db,
        registry: lateRegistry,
        localProcessId: () => matchMaker.processId,
        now: services.now,
      };
      return {
        presence,
        driver,
        selectProcessIdToCreateRoom: (roomName, clientOptions) =>
          selectProcessForRoom(context, roomName, clientOptions),
      };
    },
    nodes: lateRegistry,
    async start(services, where) {
      const { nodeId } = services.poker.settings;
      await roundEvents.start();
      await revocations.start(services.revocations, services.handle.db);
      await chatBus.start();
      registry = createNodeRegistry(presence, {
        nodeId,
        processId: matchMaker.processId,
        internalUrl: where.internalUrl,
        pid: process.pid,
      });
      await registry.start();
      directory = createTableDirectory(presence, hostedTablesOf(services.poker), {
        channel: `${channelPrefix}casino:poker:tables`,
      });
      services.pokerTables.joinDirectory(directory);
      await directory.start();
      log.info({ nodeId, processId: matchMaker.processId }, "joined the cluster");
    },
    async stop() {
      await roundEvents.stop().catch((error) => log.warn({ err: error }, "round events stop failed"));
      await revocations.stop().catch((error) => log.warn({ err: error }, "revocations stop failed"));
      await chatBus.stop().catch((error) => log.warn({ err: error }, "chat bus stop failed"));
      await directory?.stop().catch((error) => log.warn({ err: error }, "table directory stop failed"));
      await registry?.stop().catch((error) => log.warn({ err: error }, "node registry stop failed"));
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
    async ping() {
      await redis.ping();
    },
  };
}

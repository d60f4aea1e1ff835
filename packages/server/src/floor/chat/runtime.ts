/**
 * The chat of one casino process: who may read a channel, posting (sanctions, text rules, the
 * per-player rate, the profanity mask, storage, fan-out), history, the operator's mute and ban,
 * and the retention prune on its own timer. Rooms and operator routes only orchestrate around it.
 */
import {
  CASINO_CHANNEL,
  CHAT_LIMITS,
  type ChatFailure,
  type ChatMessage,
  type ChatModeration,
  type ChatSanction,
  chatFailure,
  checkChatText,
  cleanChatText,
  mutedFailure,
  tableIdOfChannel,
} from "@casino/protocol/schemas/chat";
import { createTimeOrderedId } from "../../db/ids.ts";
import type { PokerRuntime } from "../../poker/runtime.ts";
import type { CasinoServices } from "../../services.ts";
import { type ChatBus, createLocalChatBus } from "./bus.ts";
import { maskProfanity } from "./profanity.ts";
import {
  findChatSanction,
  findUsername,
  insertChatMessage,
  listChatMessages,
  listChatSanctions,
  listModeratedMessages,
  pruneChatMessages,
  saveChatSanction,
} from "./store.ts";

/** Who posts: the session's user and the username the chat shows. */
export interface ChatAuthor {
  userId: string;
  username: string;
}

/** The outcome of a post. */
export type ChatPostResult = { ok: true; message: ChatMessage } | ChatFailure;

/** The chat's operations. */
export interface ChatRuntime {
  readonly bus: ChatBus;
  /** Whether a player may read a channel: null, or the refusal (banned, no such table). */
  checkAccess(userId: string, channel: string): Promise<ChatFailure | null>;
  /** The channel's latest messages within the retention window, oldest first. */
  history(channel: string): Promise<ChatMessage[]>;
  /** Posts a message for a player: stored, then published to every reader of the channel. */
  post(author: ChatAuthor, channel: string, raw: string): Promise<ChatPostResult>;
  /** Mutes a player for some minutes (operator). */
  mute(userId: string, minutes: number): Promise<ChatSanction | ChatFailure>;
  /** Bans a player until lifted; their open chat connections close (operator). */
  ban(userId: string): Promise<ChatSanction | ChatFailure>;
  /** Lifts a player's mute and ban (operator). */
  lift(userId: string): Promise<ChatSanction | ChatFailure>;
  /** What the operator's chat panel shows. */
  moderation(channel: string): Promise<ChatModeration>;
  /** Deletes the messages older than the retention window; resolves how many went. */
  prune(): Promise<number>;
  /** Stops the prune timer. */
  stop(): void;
}

/** How the chat is built. */
export interface ChatOptions {
  /** The cluster's bus when scaled out (default: this process only). */
  bus?: ChatBus | undefined;
  /** How often the retention prune runs (default 5 minutes). */
  pruneEveryMs?: number;
}

/** The rate bucket of one player: CHAT_LIMITS.ratePerWindow messages per window, refilled evenly. */
const RATE_BUCKET = {
  perSecond: CHAT_LIMITS.ratePerWindow / (CHAT_LIMITS.rateWindowMs / 1000),
  burst: CHAT_LIMITS.ratePerWindow,
};

/** Builds the chat over the casino's services and its poker tables (for table channels). */
export function createChatRuntime(
  services: CasinoServices,
  poker: Pick<PokerRuntime, "findInfo">,
  options: ChatOptions = {},
): ChatRuntime {
  const { handle, now } = services;
  const db = handle.db;
  const bus = options.bus ?? createLocalChatBus();

  /** The refusal of a sanctioned player, or null. */
  const refusalOf = async (userId: string): Promise<ChatFailure | null> => {
    const sanction = await findChatSanction(db, userId);
    if (sanction?.banned) return chatFailure("chat/banned");
    if (sanction?.mutedUntil && sanction.mutedUntil > now()) return mutedFailure(sanction.mutedUntil);
    return null;
  };

  /** Writes a sanction for a user id and tells every process. */
  const sanction = async (
    userId: string,
    change: (current: { mutedUntil: number | null; banned: boolean }) => {
      mutedUntil: number | null;
      banned: boolean;
    },
  ): Promise<ChatSanction | ChatFailure> => {
    const username = await findUsername(db, userId);
    if (username === undefined) return chatFailure("chat/user_not_found");
    const user = { id: userId, username };
    const current = await findChatSanction(db, user.id);
    const next = change({ mutedUntil: current?.mutedUntil ?? null, banned: current?.banned ?? false });
    const at = now();
    await saveChatSanction(db, { userId: user.id, username: user.username, ...next, now: at });
    bus.publish({ kind: "sanction", userId: user.id, ...next });
    return { userId: user.id, username: user.username, ...next, updatedAt: at };
  };

  const prune = () => pruneChatMessages(db, now() - CHAT_LIMITS.retentionMs);
  const timer = setInterval(
    () => {
      prune().catch((error: unknown) => services.log.error({ err: error }, "chat prune failed"));
    },
    options.pruneEveryMs ?? 5 * 60_000,
  );
  timer.unref();

  return {
    bus,
    async checkAccess(userId, channel) {
      const sanctioned = await refusalOf(userId);
      if (sanctioned?.code === "chat/banned") return sanctioned;
      const tableId = tableIdOfChannel(channel);
      if (tableId !== null && !(await poker.findInfo(tableId))) return chatFailure("chat/table_not_found");
      return null;
    },
    history(channel) {
      return listChatMessages(db, channel, {
        limit: CHAT_LIMITS.historySize,
        since: now() - CHAT_LIMITS.retentionMs,
      });
    },
    async post(author, channel, raw) {
      const refused = await refusalOf(author.userId);
      if (refused) return refused;
      const text = cleanChatText(raw);
      const invalid = checkChatText(text);
      if (invalid) return invalid;
      const key = `chat:${author.userId}`;
      const decision = await services.limiter.consume(key, RATE_BUCKET);
      if (!decision.allowed) {
        services.limitEvents.report(key, {
          type: "rate_limited",
          severity: "low",
          location: `chat ${channel === CASINO_CHANNEL ? channel : "table"}`,
          details: `${author.username}: over the chat rate`,
          source: undefined,
          blocked: true,
          rule: "chat-rate",
        });
        return chatFailure("chat/rate_limited");
      }
      const at = now();
      const message: ChatMessage = {
        id: createTimeOrderedId(at),
        channel,
        username: author.username,
        text: maskProfanity(text),
        at,
      };
      await insertChatMessage(db, { ...message, userId: author.userId });
      bus.publish({ kind: "message", message });
      return { ok: true, message };
    },
    mute(userId, minutes) {
      return sanction(userId, (current) => ({ ...current, mutedUntil: now() + minutes * 60_000 }));
    },
    ban(userId) {
      return sanction(userId, (current) => ({ ...current, banned: true }));
    },
    lift(userId) {
      return sanction(userId, () => ({ mutedUntil: null, banned: false }));
    },
    async moderation(channel) {
      const [messages, sanctions] = await Promise.all([
        listModeratedMessages(db, channel, {
          limit: CHAT_LIMITS.historySize,
          since: now() - CHAT_LIMITS.retentionMs,
        }),
        listChatSanctions(db, now()),
      ]);
      return { channel, messages, sanctions };
    },
    prune,
    stop() {
      clearInterval(timer);
    },
  };
}

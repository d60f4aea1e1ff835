/**
 * The Sit & Go runtime of one casino process: one open tournament per definition, registration
 * and refunds through the ledger, House bots after the wait, the start when full (a table hosted
 * by the poker runtime with the tournament's rules), and the resumption of running tournaments
 * from the database (hosts.ts). Stopping (or a crash) writes nothing: a running tournament resumes
 * at its stacks as of the last settled hand, the unfinished hand voided (its chips were never
 * money). Registrations, unregistrations, bot fills and the start each run in one transaction
 * that locks the tournament's row and counts its entries, so every process sees the same count:
 * the last seat is sold once and the start happens with every seat filled. A running tournament's
 * table is hosted by the one process holding its fenced lease (hosts.ts, host-lease.ts).
 */
import { type Failure, randomSeedHex } from "@casino/protocol";
import { freeBotNames, type SeatMeta } from "@casino/protocol/poker/table/seat-meta";
import {
  TOURNAMENT_DEFINITIONS,
  type TournamentDefinition,
} from "@casino/protocol/poker/tournament/definitions";
import { type TournamentFailure, tournamentFailure } from "@casino/protocol/poker/tournament/failures";
import {
  countBotsToFill,
  isBotFillDue,
  isReadyToStart,
  type RegistrationView,
  refuseRegistration,
  refuseUnregistration,
} from "@casino/protocol/poker/tournament/registration";
import { type Kysely, sql } from "kysely";
import { createTimeOrderedId } from "../../db/ids.ts";
import type { Database } from "../../db/schema.ts";
import { runInTransaction } from "../../db/transaction.ts";
import { chargeStake } from "../../responsible/hooks.ts";
import type { CasinoServices } from "../../services.ts";
import type { PokerRuntime } from "../runtime.ts";
import type { PokerTable } from "../table.ts";
import { TournamentHosts } from "./hosts.ts";
import {
  type EntryMoney,
  payBotRegistration,
  payRegistration,
  refundRegistration,
  registrationStake,
} from "./money.ts";
import {
  deleteEntry,
  type Entry,
  findTournament,
  insertEntry,
  insertTournament,
  listEntries,
  listTournamentsIn,
  lockTournament,
  markStarted,
  setFirstRegisteredAt,
  type Tournament,
} from "./store.ts";

/** The PostgreSQL advisory lock under which processes open the registering tournaments. */
const OPENING_LOCK = 727_002;

/** Test and operator overrides of every new (and still registering) tournament. */
export interface TournamentOptions {
  levelMs?: number;
  botFillMs?: number;
  /** How often the House bots' wait is checked. */
  tickMs?: number;
}

/** Who registers. */
export interface Registrant {
  userId: string;
  name: string;
  clientSeed: string;
}

/** The Sit & Go machinery of a process. */
export class TournamentService {
  private options: TournamentOptions = {};
  private lock: Promise<unknown> = Promise.resolve();
  private ticker: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly hosts: TournamentHosts;

  private readonly services: CasinoServices;
  private readonly poker: PokerRuntime;

  constructor(services: CasinoServices, poker: PokerRuntime) {
    this.services = services;
    this.poker = poker;
    this.hosts = new TournamentHosts(services, poker);
  }

  /** Opens a registering tournament per definition, resumes the running ones, starts the bot clock. */
  async start(options: TournamentOptions = {}): Promise<void> {
    this.options = { ...this.options, ...options };
    await this.serial(async () => {
      await this.hosts.hostUnhosted();
      await this.openMissing();
    });
    this.restartTicker();
  }

  /** Changes the options (tests: fast levels, no bot wait); applies to the tournaments still registering. */
  async configure(options: TournamentOptions): Promise<void> {
    this.options = { ...this.options, ...options };
    const { db } = this.services.handle;
    await this.serial(async () => {
      for (const t of await listTournamentsIn(db, ["registering"])) {
        const set = {
          ...(options.levelMs !== undefined ? { level_ms: options.levelMs } : {}),
          ...(options.botFillMs !== undefined
            ? { bot_fill_ms: t.bot_fill_ms === null ? null : options.botFillMs }
            : {}),
        };
        if (Object.keys(set).length > 0)
          await db
            .withTables<{ tournaments: Tournament }>()
            .updateTable("tournaments")
            .set(set)
            .where("id", "=", t.id)
            .execute();
      }
    });
    this.restartTicker();
  }

  /** Closes the tables and gives their leases up (the database already holds what the next host resumes from). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.ticker);
    await this.lock.catch(() => undefined);
    await this.hosts.stop();
  }

  /** The running tournament's table, if hosted here. */
  tableOf(tournamentId: string): PokerTable | undefined {
    return this.hosts.tableOf(tournamentId);
  }

  /**
   * Registers a player: the stake (buy-in and fee) through the responsible-gaming gate, the buy-in
   * to the escrow and the fee to the house, the entry, and the start when it fills the last seat,
   * all in one transaction under the tournament's row lock.
   */
  register(tournamentId: string, who: Registrant): Promise<{ ok: true } | Failure> {
    return this.serial(async () => {
      const now = this.services.now();
      const done = await runInTransaction(this.services.handle, async (trx) => {
        const found = await lockRegistration(trx, tournamentId);
        if (!found.ok) return found;
        const { t, entries } = found;
        const refused = refuseRegistration(found.view, who.userId);
        if (refused) return refused;
        const money = { ...entryMoney(t, who.userId), userId: who.userId };
        const limited = await chargeStake(trx, who.userId, t.currency, registrationStake(money), now);
        if (limited) return limited;
        const result = await payRegistration(trx, money);
        if (!result.ok) return tournamentFailure("tournament/insufficient_balance");
        await insertEntry(trx, newEntry(t.id, who.userId, who.userId, who.name, who.clientSeed, now));
        if (entries.length === 0) await setFirstRegisteredAt(trx, t.id, now);
        const started = await this.startIfFull(trx, t, entries.length + 1);
        return { ok: true as const, started };
      });
      if (!done.ok) return done;
      if (done.started) await this.afterStart(tournamentId);
      return { ok: true as const };
    });
  }

  /** Unregisters before the start: buy-in and fee returned exactly, under the same row lock as the start. */
  unregister(tournamentId: string, userId: string): Promise<{ ok: true } | TournamentFailure> {
    return this.serial(() =>
      runInTransaction(this.services.handle, async (trx) => {
        const found = await lockRegistration(trx, tournamentId);
        if (!found.ok) return found;
        const { t, entries } = found;
        const refused = refuseUnregistration(found.view, userId);
        if (refused) return refused;
        await deleteEntry(trx, t.id, userId);
        await refundRegistration(trx, entryMoney(t, userId), this.services.now());
        if (entries.length === 1) await setFirstRegisteredAt(trx, t.id, null);
        return { ok: true as const };
      }),
    );
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.lock.then(work);
    this.lock = next.catch((error: unknown) =>
      this.services.log.error({ err: error }, "tournament work failed"),
    );
    return next;
  }

  private restartTicker(): void {
    clearInterval(this.ticker);
    if (this.stopped) return;
    this.ticker = setInterval(() => void this.serial(() => this.tick()), this.options.tickMs ?? 1000);
    this.ticker.unref();
  }

  /** The clock: leases renewed, tournaments without a live host taken over, House bots seated after the wait. */
  private async tick(): Promise<void> {
    if (this.stopped) return;
    await this.hosts.keepLeases();
    await this.hosts.hostUnhosted();
    const now = this.services.now();
    for (const t of await listTournamentsIn(this.services.handle.db, ["registering"])) {
      // Nothing to read before the wait is over (every process ticks against the shared database).
      if (!isBotFillDue(t.bot_fill_ms, t.first_registered_at, now)) continue;
      const started = await runInTransaction(this.services.handle, (trx) =>
        this.fillWithBots(trx, t.id, now),
      );
      if (started) await this.afterStart(t.id);
    }
  }

  /** Seats the House bots a registering tournament is due, under its row lock; answers whether it started. */
  private async fillWithBots(trx: Kysely<Database>, tournamentId: string, now: number): Promise<boolean> {
    const found = await lockRegistration(trx, tournamentId);
    if (!found.ok || found.t.status !== "registering") return false;
    const { t, entries, view } = found;
    const bots = countBotsToFill(view, t.bot_fill_ms, t.first_registered_at, now);
    if (bots === 0) return false;
    const names = freeBotNames(
      entries.map(
        (e) =>
          ({ displayName: e.display_name, botName: e.user_id === null ? e.display_name : "" }) as SeatMeta,
      ),
    ).slice(0, bots);
    for (const name of names) {
      const paid = await payBotRegistration(trx, entryMoney(t, null));
      if (!paid.ok) throw new Error(`tournament ${t.id}: the house cannot pay a bot`);
      await insertEntry(trx, newEntry(t.id, `bot:${name}`, null, name, randomSeedHex(8), now));
    }
    if (!isReadyToStart({ ...view, registered: [...view.registered, ...names] })) return false;
    return this.startIfFull(trx, t, entries.length + names.length);
  }

  /** One registering tournament per definition. */
  /**
   * One registering tournament per definition, in every process: the check and the inserts run in
   * one transaction under a lock of their own (PostgreSQL: an advisory lock; SQLite: one writer).
   */
  private async openMissing(): Promise<void> {
    const { handle } = this.services;
    await runInTransaction(handle, async (trx) => {
      if (handle.dialect === "postgres")
        await sql`SELECT pg_advisory_xact_lock(${OPENING_LOCK})`.execute(trx);
      const open = await listTournamentsIn(trx, ["registering"]);
      for (const def of TOURNAMENT_DEFINITIONS) {
        if (open.some((t) => t.definition_id === def.id)) continue;
        await insertTournament(trx, this.newTournament(def));
      }
    });
  }

  private newTournament(def: TournamentDefinition): Tournament {
    const now = this.services.now();
    // The definition's place ends the id: two definitions opened in one millisecond never collide.
    const place = TOURNAMENT_DEFINITIONS.indexOf(def) % 10;
    const id = `${now}${createTimeOrderedId(now).replace(/\D/g, "").slice(-3)}${place}`;
    return {
      id,
      definition_id: def.id,
      name: def.name,
      currency: def.currency,
      max_players: def.maxPlayers,
      buy_in: def.buyIn,
      fee: def.fee,
      starting_stack: def.startingStack,
      level_ms: this.options.levelMs ?? def.levelMs,
      bot_fill_ms: def.botFillMs === null ? null : (this.options.botFillMs ?? def.botFillMs),
      status: "registering",
      table_id: `sng-${id}`,
      hand_count: 0,
      created_at: now,
      first_registered_at: null,
      started_at: null,
      finished_at: null,
      host_owner: null,
      host_expires_at: null,
      host_token: 0,
    };
  }

  /**
   * Full: seats drawn at random and the clock started, inside the transaction that holds the row
   * lock and filled the last seat (so no unregistration can come between); false while seats are free.
   */
  private async startIfFull(trx: Kysely<Database>, t: Tournament, registered: number): Promise<boolean> {
    if (registered < t.max_players) return false;
    const entries = await listEntries(trx, t.id);
    if (entries.length !== t.max_players) return false;
    const random = this.poker.settings.random;
    const seats = Array.from({ length: t.max_players }, (_, i) => i);
    for (let i = seats.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [seats[i], seats[j]] = [seats[j]!, seats[i]!];
    }
    const placed = entries.map((e, i) => ({ playerId: e.player_id, seat: seats[i]! }));
    return markStarted(trx, { id: t.id, startedAt: this.services.now(), stack: t.starting_stack }, placed);
  }

  /** After a start committed: the table is hosted (this process takes the lease) and the next tournament opens. */
  private async afterStart(tournamentId: string): Promise<void> {
    const t = await findTournament(this.services.handle.db, tournamentId);
    if (t?.status === "running") await this.hosts.host(t);
    await this.openMissing();
  }
}

/** Locks a tournament's row and reads its entries and what the registration rules see, or not_found. */
async function lockRegistration(
  trx: Kysely<Database>,
  tournamentId: string,
): Promise<{ ok: true; t: Tournament; entries: Entry[]; view: RegistrationView } | TournamentFailure> {
  const t = await lockTournament(trx, tournamentId);
  if (!t) return tournamentFailure("tournament/not_found");
  const entries = await listEntries(trx, t.id);
  return { ok: true, t, entries, view: viewRegistration(t, entries) };
}

/** What the registration rules look at. */
function viewRegistration(t: Tournament, entries: readonly Entry[]): RegistrationView {
  return { status: t.status, maxPlayers: t.max_players, registered: entries.map((e) => e.player_id) };
}

/** The money of one entry: its buy-in and fee in the tournament's currency. */
function entryMoney(t: Tournament, userId: string | null): EntryMoney {
  return { tournamentId: t.id, currency: t.currency, userId, buyIn: t.buy_in, fee: t.fee };
}

function newEntry(
  tournamentId: string,
  playerId: string,
  userId: string | null,
  name: string,
  clientSeed: string,
  now: number,
): Entry {
  return {
    tournament_id: tournamentId,
    player_id: playerId,
    user_id: userId,
    display_name: name,
    client_seed: clientSeed,
    registered_at: now,
    seat: null,
    stack: 0,
    bust_hand: null,
    bust_stack: null,
    place: null,
    prize: null,
  };
}

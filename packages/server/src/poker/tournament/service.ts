/**
 * The Sit & Go runtime of one casino process: one open tournament per definition, registration
 * and refunds through the ledger, House bots after the wait, the start when full (a table hosted
 * by the poker runtime with the tournament's rules), and the resumption of running tournaments
 * from the database at start. Stopping (or a crash) writes nothing: a running tournament resumes
 * at its stacks as of the last settled hand, the unfinished hand voided (its chips were never
 * money). Registrations are serialised in this process.
 */
import { applyTableAction, randomSeedHex } from "@casino/protocol";
import { createSeatMeta, freeBotNames, type SeatMeta } from "@casino/protocol/poker/table/seat-meta";
import {
  findTournamentDefinition,
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
import { createTimeOrderedId } from "../../db/ids.ts";
import { runInTransaction } from "../../db/transaction.ts";
import type { CasinoServices } from "../../services.ts";
import { unitsPerChip } from "../catalogue.ts";
import { voidLiveHands } from "../hand-store.ts";
import type { PokerRuntime } from "../runtime.ts";
import type { PokerTable } from "../table.ts";
import { type EntryMoney, payRegistration, refundRegistration } from "./money.ts";
import {
  deleteEntry,
  type Entry,
  findTournament,
  insertEntry,
  insertTournament,
  listEntries,
  listTournamentsIn,
  markStarted,
  setFirstRegisteredAt,
  type Tournament,
} from "./store.ts";
import { createTournamentHooks, type RunningTournament } from "./table-rules.ts";

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
  private readonly running = new Map<string, RunningTournament & { table: PokerTable }>();
  private options: TournamentOptions = {};
  private lock: Promise<unknown> = Promise.resolve();
  private ticker: NodeJS.Timeout | undefined;
  private stopped = false;

  private readonly services: CasinoServices;
  private readonly poker: PokerRuntime;

  constructor(services: CasinoServices, poker: PokerRuntime) {
    this.services = services;
    this.poker = poker;
  }

  /** Opens a registering tournament per definition, resumes the running ones, starts the bot clock. */
  async start(options: TournamentOptions = {}): Promise<void> {
    this.options = { ...this.options, ...options };
    await this.serial(async () => {
      for (const t of await listTournamentsIn(this.services.handle.db, ["running"])) await this.resume(t);
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

  /** Closes the tables (no writes: the database already holds what a restart resumes from). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.ticker);
    await this.lock.catch(() => undefined);
    for (const run of this.running.values()) {
      await run.table.close();
      this.poker.dropGuest(run.table.info.id);
    }
    this.running.clear();
  }

  /** The running tournament's table, if hosted here. */
  tableOf(tournamentId: string): PokerTable | undefined {
    return this.running.get(tournamentId)?.table;
  }

  /** Registers a player: buy-in to the escrow, fee to the house; starts the tournament when full. */
  register(tournamentId: string, who: Registrant): Promise<{ ok: true } | TournamentFailure> {
    return this.serial(async () => {
      const found = await this.findRegistration(tournamentId);
      if (!found.ok) return found;
      const { t, entries } = found;
      const refused = refuseRegistration(found.view, who.userId);
      if (refused) return refused;
      const now = this.services.now();
      const paid = await runInTransaction(this.services.handle, async (trx) => {
        const result = await payRegistration(trx, entryMoney(t, who.userId));
        if (!result.ok) return tournamentFailure("tournament/insufficient_balance");
        await insertEntry(trx, newEntry(t.id, who.userId, who.userId, who.name, who.clientSeed, now));
        if (entries.length === 0) await setFirstRegisteredAt(trx, t.id, now);
        return { ok: true as const };
      });
      if (!paid.ok) return paid;
      if (entries.length + 1 >= t.max_players) await this.begin(t.id);
      return paid;
    });
  }

  /** Unregisters before the start: buy-in and fee returned exactly. */
  unregister(tournamentId: string, userId: string): Promise<{ ok: true } | TournamentFailure> {
    return this.serial(async () => {
      const found = await this.findRegistration(tournamentId);
      if (!found.ok) return found;
      const { t, entries } = found;
      const refused = refuseUnregistration(found.view, userId);
      if (refused) return refused;
      await runInTransaction(this.services.handle, async (trx) => {
        await deleteEntry(trx, t.id, userId);
        await refundRegistration(trx, entryMoney(t, userId));
        if (entries.length === 1) await setFirstRegisteredAt(trx, t.id, null);
      });
      return { ok: true as const };
    });
  }

  /** The tournament with its entries and what the registration rules see, or not_found. */
  private async findRegistration(
    tournamentId: string,
  ): Promise<{ ok: true; t: Tournament; entries: Entry[]; view: RegistrationView } | TournamentFailure> {
    const { db } = this.services.handle;
    const t = await findTournament(db, tournamentId);
    if (!t) return tournamentFailure("tournament/not_found");
    const entries = await listEntries(db, t.id);
    return { ok: true, t, entries, view: viewRegistration(t, entries) };
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

  /** House tournaments: bots fill the seats once the wait is over. */
  private async tick(): Promise<void> {
    if (this.stopped) return;
    const { db } = this.services.handle;
    const now = this.services.now();
    for (const t of await listTournamentsIn(db, ["registering"])) {
      // Nothing to read before the wait is over (every process ticks against the shared database).
      if (!isBotFillDue(t.bot_fill_ms, t.first_registered_at, now)) continue;
      const entries = await listEntries(db, t.id);
      const view = viewRegistration(t, entries);
      const bots = countBotsToFill(view, t.bot_fill_ms, t.first_registered_at, now);
      if (bots === 0) continue;
      const names = freeBotNames(
        entries.map(
          (e) =>
            ({ displayName: e.display_name, botName: e.user_id === null ? e.display_name : "" }) as SeatMeta,
        ),
      );
      await runInTransaction(this.services.handle, async (trx) => {
        for (const name of names.slice(0, bots)) {
          const paid = await payRegistration(trx, { ...entryMoney(t, null), fee: 0 });
          if (!paid.ok) throw new Error(`tournament ${t.id}: the house cannot pay a bot`);
          await insertEntry(trx, newEntry(t.id, `bot:${name}`, null, name, randomSeedHex(8), now));
        }
      });
      if (isReadyToStart({ ...view, registered: [...view.registered, ...names.slice(0, bots)] }))
        await this.begin(t.id);
    }
  }

  /** One registering tournament per definition. */
  private async openMissing(): Promise<void> {
    const open = await listTournamentsIn(this.services.handle.db, ["registering"]);
    for (const def of TOURNAMENT_DEFINITIONS) {
      if (open.some((t) => t.definition_id === def.id)) continue;
      await insertTournament(this.services.handle.db, this.newTournament(def));
    }
  }

  private newTournament(def: TournamentDefinition): Tournament {
    const now = this.services.now();
    const id = `${now}${createTimeOrderedId(now).replace(/\D/g, "").slice(-4)}`;
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
    };
  }

  /** Full: seats drawn at random, the clock starts, the table deals; the next tournament opens. */
  private async begin(tournamentId: string): Promise<void> {
    const { db } = this.services.handle;
    const t = await findTournament(db, tournamentId);
    if (t?.status !== "registering") return;
    const entries = await listEntries(db, t.id);
    const random = this.poker.settings.random;
    const seats = Array.from({ length: t.max_players }, (_, i) => i);
    for (let i = seats.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [seats[i], seats[j]] = [seats[j]!, seats[i]!];
    }
    const startedAt = this.services.now();
    const placed = entries.map((e, i) => ({ playerId: e.player_id, seat: seats[i]! }));
    if (!(await markStarted(db, { id: t.id, startedAt, stack: t.starting_stack }, placed))) return;
    await this.resume({ ...t, status: "running", started_at: startedAt });
    await this.openMissing();
  }

  /** Hosts a running tournament's table from its rows: seats, stacks as of the last settled hand. */
  private async resume(t: Tournament): Promise<void> {
    const { handle, now } = this.services;
    await runInTransaction(handle, (trx) => voidLiveHands(trx, t.table_id, now()));
    const entries = await listEntries(handle.db, t.id);
    const def = findTournamentDefinition(t.definition_id);
    const table = this.poker.hostGuest({
      id: t.table_id,
      name: `${t.id} 1`,
      kind: "tournament",
      currency: t.currency,
      smallBlind: 10,
      bigBlind: 20,
      buyInMin: t.starting_stack,
      buyInMax: t.starting_stack,
      maxPlayers: t.max_players,
      unitsPerChip: unitsPerChip(t.currency),
      hasBots: false,
      seeded: false,
      sortOrder: 0,
      handCount: t.hand_count,
    });
    const run = {
      row: t,
      entries,
      table,
      onFinished: () =>
        this.services.log.info({ tournamentId: t.id, definition: def?.id }, "tournament finished"),
    };
    table.tournament = createTournamentHooks(run);
    this.running.set(t.id, run);
    await table.run(async () => {
      const events = [];
      for (const e of entries) {
        if (e.seat === null || e.stack <= 0) continue;
        const sat = applyTableAction(table.state, {
          type: "sit",
          seat: e.seat,
          playerId: e.player_id,
          name: e.display_name,
          stack: e.stack,
          now: now(),
        });
        if ("error" in sat)
          throw new Error(`tournament ${t.id}: cannot seat ${e.player_id}: ${sat.error.code}`);
        table.state = sat.state;
        events.push(...sat.events);
        const isBot = e.user_id === null;
        table.meta[e.seat] = createSeatMeta(
          {
            playerId: e.player_id,
            userId: e.user_id,
            displayName: e.display_name,
            isBot,
            botName: isBot ? e.display_name : "",
            clientSeed: e.client_seed,
          },
          this.poker.settings.timeBankMs,
        );
      }
      await table.afterChange(events);
    });
  }
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

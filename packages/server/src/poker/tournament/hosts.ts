/**
 * Which running Sit & Go tables this process hosts: each under its tournament's fenced lease
 * (host-lease.ts), taken at the start, after a restart of the same node, or when the host died and
 * its lease expired; renewed while it runs; given up on a clean stop. A lost lease closes the table
 * here, and the token the table was resumed with fences every write it still tries.
 */
import { applyTableAction } from "@casino/protocol";
import { createSeatMeta } from "@casino/protocol/poker/table/seat-meta";
import { findTournamentDefinition } from "@casino/protocol/poker/tournament/definitions";
import { runInTransaction } from "../../db/transaction.ts";
import type { CasinoServices } from "../../services.ts";
import { unitsPerChip } from "../catalogue.ts";
import { voidLiveHands } from "../hand-store.ts";
import type { PokerRuntime } from "../runtime.ts";
import type { PokerTable } from "../table.ts";
import { acquireTournamentHost, releaseTournamentHost, renewTournamentHosts } from "./host-lease.ts";
import { findTournament, listEntries, listTournamentsIn, type Tournament } from "./store.ts";
import { createTournamentHooks, type RunningTournament } from "./table-rules.ts";

/** The tournament tables hosted by this process. */
export class TournamentHosts {
  private readonly running = new Map<string, RunningTournament & { table: PokerTable }>();
  private renewedAt = 0;
  private stopped = false;
  private readonly services: CasinoServices;
  private readonly poker: PokerRuntime;

  constructor(services: CasinoServices, poker: PokerRuntime) {
    this.services = services;
    this.poker = poker;
  }

  /** The running tournament's table, if hosted here. */
  tableOf(tournamentId: string): PokerTable | undefined {
    return this.running.get(tournamentId)?.table;
  }

  /** Closes every table hosted here and gives its lease up (the next host resumes from the database). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const [id, run] of this.running) {
      await this.drop(id);
      await releaseTournamentHost(this.services.handle.db, id, this.nodeId(), run.row.host_token).catch(
        (error: unknown) => this.services.log.error({ err: error, tournamentId: id }, "lease not released"),
      );
    }
  }

  /** Hosts every running tournament no live process hosts (after a restart, or when its host died). */
  async hostUnhosted(): Promise<void> {
    for (const t of await listTournamentsIn(this.services.handle.db, ["running"])) {
      if (this.running.has(t.id)) continue;
      const expired = t.host_owner === null || (t.host_expires_at ?? 0) < this.services.now();
      if (expired || t.host_owner === this.nodeId()) await this.host(t);
    }
  }

  /** Takes a running tournament's lease and, under the token it got, hosts its table; nothing when another host holds it. */
  async host(t: Tournament): Promise<void> {
    if (this.running.has(t.id) || this.stopped) return;
    const { db } = this.services.handle;
    const ttl = this.poker.settings.leaseTtlMs;
    const token = await acquireTournamentHost(db, t.id, this.nodeId(), this.services.now(), ttl);
    if (token === undefined) return;
    const row = await findTournament(db, t.id);
    if (row?.status !== "running") return;
    await this.resume({ ...row, host_token: token });
  }

  /** Renews the leases held here (a third of their time at most apart); a lost lease closes its table here. */
  async keepLeases(): Promise<void> {
    const now = this.services.now();
    const ttl = this.poker.settings.leaseTtlMs;
    if (now - this.renewedAt < ttl / 3) return;
    this.renewedAt = now;
    const held = new Map<string, number>();
    for (const [id, run] of this.running) if (run.row.status === "running") held.set(id, run.row.host_token);
    const lost = await renewTournamentHosts(this.services.handle.db, held, this.nodeId(), now, ttl);
    for (const id of lost) {
      this.services.log.error({ tournamentId: id }, "tournament lease lost: another process hosts it now");
      await this.drop(id);
    }
  }

  /** Closes a hosted tournament's table here. */
  private async drop(tournamentId: string): Promise<void> {
    const run = this.running.get(tournamentId);
    if (!run) return;
    this.running.delete(tournamentId);
    await run.table.close();
    this.poker.dropGuest(run.table.info.id);
  }

  /** The lease owner id of this process. */
  private nodeId(): string {
    return this.poker.settings.nodeId;
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

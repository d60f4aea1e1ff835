/**
 * Helpers of the game screens' browser tests: a casino whose database the test can read (to learn
 * the secret server seed and arrange a round by choosing the client seed offline with the pure
 * rules), a page opened on a game, the server's history and the header balance.
 */
import { createFloatStream, type FloatStream } from "@casino/protocol";
import type { GameSessionRecord } from "@casino/protocol/schemas/rest-answers";
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { getActiveSeed } from "../../server/src/fairness/seeds.ts";
import { findUser } from "../../server/src/users/users.ts";
import { formatAmount } from "../src/ui/format.ts";
import { type Profiles, test, type Visitor } from "./fixtures.ts";
import { saveScreenshot, settledHeaderHC, type TestCasino } from "./harness.ts";

/** A player's browser on a game screen, the casino it plays at, and the server's view of its wallet. */
export type GamePlayer = Visitor & {
  casino: TestCasino;
  /** The wallet's settled rounds, latest first. */
  history(): Promise<HistoryRow[]>;
  /** The wallet's HC balance on the server, in micro-units. */
  houseUnits(): Promise<number>;
  /** Arranges the player's next round (arrangeRound). */
  arrange(wants: (stream: FloatStream) => boolean, nonceOffset?: number): Promise<string>;
  /** Sets the bet with a quick-bet chip (chooseChip). */
  chooseChip(amount: string, currency?: string): Promise<void>;
  /** POSTs JSON from the player's page (postFromPage). */
  post(path: string, body: unknown): Promise<{ status: number; body: unknown }>;
  /** Waits until the header shows `units` of HC (waitForHeaderHC). */
  waitForHC(units: number): Promise<void>;
};

/** Opens a fresh browser profile on /game/{game} and waits until its room is live. */
export async function openGame(profiles: Profiles, game: string): Promise<GamePlayer> {
  const visitor = await profiles.visit(`/game/${game}`);
  await waitForRoom(visitor.page);
  const { page, wallet } = visitor;
  const player: GamePlayer = {
    ...visitor,
    casino: profiles.casino,
    history: () => fetchHistory(page, wallet),
    houseUnits: () => fetchHouseUnits(page, wallet),
    arrange: (wants, nonceOffset) => arrangeRound(player, wants, nonceOffset),
    chooseChip: (amount, currency) => chooseChip(page, amount, currency),
    post: (path, body) => postFromPage(page, path, body),
    waitForHC: (units) => waitForHeaderHC(page, units),
  };
  return player;
}

/**
 * The player of a test file's game: opened (with `chip` chosen, if given) before the file's first
 * test, so the tests read it as they run.
 */
export function openGameForFile(game: string, chip?: string): GamePlayer {
  const player = {} as GamePlayer;
  test.beforeAll(async ({ profiles }) => {
    Object.assign(player, await openGame(profiles, game));
    if (chip) await chooseChip(player.page, chip);
  });
  return player;
}

/** Waits until the game room's badge says Live. */
export async function waitForRoom(page: Page): Promise<void> {
  await page.locator('[data-testid="room-status"][data-status="ready"]').waitFor({ timeout: 30_000 });
}

/** The secret server seed of the wallet's active seed pair and the next nonce (read from the database). */
export async function readSecretSeed({ casino, page, wallet }: GamePlayer) {
  await page.evaluate((address) => fetch(`/api/game-seeds/current/${address}`).then((r) => r.status), wallet);
  const user = await findUser(casino.handle.db, wallet);
  if (!user) throw new Error(`no player has the wallet ${wallet}`);
  const row = await getActiveSeed(casino.handle.db, user.id);
  return { serverSeed: row.server_seed, nonce: Number(row.next_nonce) };
}

/** POSTs JSON from the page (the session cookie goes along); returns status and body. */
export function postFromPage(
  page: Page,
  path: string,
  body: unknown,
): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ([url, json]) => {
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: json,
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    [path, JSON.stringify(body)] as const,
  );
}

/**
 * Sets a client seed under which the round at the next nonce (plus `nonceOffset`) satisfies
 * `wants`, searching candidates offline with the pure rules; returns the seed chosen.
 */
export async function arrangeRound(
  player: GamePlayer,
  wants: (stream: FloatStream) => boolean,
  nonceOffset = 0,
): Promise<string> {
  const { serverSeed, nonce } = await readSecretSeed(player);
  for (let i = 0; i < 50_000; i++) {
    const clientSeed = `arranged-${i}`;
    if (!wants(createFloatStream(serverSeed, clientSeed, nonce + nonceOffset))) continue;
    const set = await postFromPage(player.page, "/api/game-seeds/update-client-seed", { clientSeed });
    if (set.status !== 200) throw new Error(`client seed refused: ${JSON.stringify(set)}`);
    return clientSeed;
  }
  throw new Error("no client seed gives the wanted round");
}

/** One settled round of the history API (the server sends amounts as numbers; outcome and input are objects). */
export type HistoryRow = GameSessionRecord & {
  betAmount: number;
  winAmount: number;
  outcome: Record<string, unknown>;
  input: Record<string, unknown>;
};

/** The wallet's settled rounds, latest first. */
export function fetchHistory(page: Page, wallet: string): Promise<HistoryRow[]> {
  return page.evaluate(
    (address) => fetch(`/api/game-sessions/${address}?limit=100`).then((r) => r.json()),
    wallet,
  );
}

/** The wallet's HC balance on the server, in micro-units. */
export async function fetchHouseUnits(page: Page, wallet: string): Promise<number> {
  const user = await page.evaluate((address) => fetch(`/api/users/${address}`).then((r) => r.json()), wallet);
  return Math.round(Number(user.houseBalance) * 1_000_000);
}

/** Waits until the header shows `units` of HC, exactly. */
export async function waitForHeaderHC(page: Page, units: number): Promise<void> {
  await page
    .getByTestId("header-hc")
    .getByText(formatAmount(units, "HC"), { exact: true })
    .waitFor({ timeout: 10_000 });
}

/** Reads the header's HC balance as a number of whole coins. */
export async function readHeaderHC(page: Page): Promise<number> {
  return Number(((await settledHeaderHC(page).textContent()) ?? "").replace(/,/g, ""));
}

/** Sets the bet by clicking a quick-bet chip ("Bet 10 HC"). */
export async function chooseChip(page: Page, amount: string, currency = "HC"): Promise<void> {
  await page.getByRole("button", { name: `Bet ${amount} ${currency}`, exact: true }).click();
}

/**
 * A fresh wallet holds no AMINA: in AMINA the screen's main action (`start`) is disabled before any
 * click, described by the reason beside the bet; back in HC it is enabled again.
 */
export async function expectInsufficientBalance(page: Page, start: Locator): Promise<void> {
  await page.getByLabel("Currency").selectOption("AMINA");
  const reason = page.getByTestId("bet-block");
  await reason.waitFor();
  await expect(reason.textContent()).resolves.toBe(
    "Your AMINA balance is below the 0.001 AMINA minimum bet: deposit AMINA in the cashier",
  );
  await expect(start.isDisabled()).resolves.toBe(true);
  await expect(start.getAttribute("aria-describedby")).resolves.toBe("bet-block-reason");
  await page.getByLabel("Currency").selectOption("HC");
  await page.waitForFunction(() => document.querySelector("[data-testid=bet-block]") === null);
}

/** Checks that a gap between two recorded moments lies in [min, max) milliseconds. */
export function expectGap(gapMs: number, what: string, min: number, max: number): void {
  expect(gapMs, what).toBeGreaterThanOrEqual(min);
  expect(gapMs, what).toBeLessThan(max);
}

/** Milliseconds since `start`. */
export function since(start: number): number {
  return Date.now() - start;
}

/** A moment to wait for in the page: an element matching `selector` whose text or attribute matches. */
export type Moment = { selector: string; attribute?: string; matches?: string; absent?: boolean };

/**
 * Watches the page's DOM (a MutationObserver inside the page, so each time is taken the moment the
 * change is made, not when the test polls) for each moment in turn; resolves with the milliseconds
 * from the call to each moment.
 */
export function recordMoments(page: Page, moments: Moment[], timeoutMs = 15_000): Promise<number[]> {
  return page.evaluate(
    ([list, limit]) =>
      new Promise<number[]>((resolve, reject) => {
        const start = performance.now();
        const times: number[] = [];
        const holds = (moment: (typeof list)[number]) => {
          const elements = [...document.querySelectorAll(moment.selector)];
          const pattern = moment.matches === undefined ? null : new RegExp(moment.matches);
          const matching = elements.filter((element) => {
            if (!pattern) return true;
            const value = moment.attribute ? element.getAttribute(moment.attribute) : element.textContent;
            return pattern.test(value ?? "");
          });
          return moment.absent ? matching.length === 0 : matching.length > 0;
        };
        const check = () => {
          while (times.length < list.length && holds(list[times.length]!))
            times.push(performance.now() - start);
          if (times.length < list.length) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve(times);
        };
        const observer = new MutationObserver(check);
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`moment ${times.length} never came: ${JSON.stringify(list[times.length])}`));
        }, limit);
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
        });
        check();
      }),
    [moments, timeoutMs] as const,
  );
}

/** Waits for the screen's finite animations (cards dealt, pop-ups) to finish, then saves a screenshot. */
export async function saveSettledScreenshot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== "running" ||
            animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
        ),
    undefined,
    { timeout: 5000 },
  );
  await saveScreenshot(page, name);
}

/**
 * One round of each game as a player plays it, for the tests that look at the casino while it is
 * in use (console, accessibility, phone screenshots): each opens its round, hands the mid-round
 * screen to `during`, and plays the round out.
 */
import type { Locator, Page } from "playwright-core";

/** Every single-player game, by its route name. */
export const GAMES = ["dice", "plinko", "slots", "blackjack", "hilo"] as const;
/** A single-player game's route name. */
export type Game = (typeof GAMES)[number];

/** What a caller does while a round is under way (a screenshot, an audit). */
export type DuringRound = (page: Page) => Promise<void>;

const SETTLE_TIMEOUT = { timeout: 20_000 };

/** Waits until the game room's badge says Live. */
async function waitForRoom(page: Page): Promise<void> {
  await page.locator('[data-testid="room-status"][data-status="ready"]').waitFor({ timeout: 30_000 });
}

/** Rolls LOW and waits for the total. */
async function playDice(page: Page, during: DuringRound): Promise<void> {
  await page.getByTestId("dice-bet-low").click();
  await page.getByRole("button", { name: "ROLL DICE" }).click();
  await page.waitForTimeout(500);
  await during(page);
  await page.getByTestId("result-text").filter({ hasText: /Total/ }).waitFor(SETTLE_TIMEOUT);
}

/** Drops one ball and waits until it landed. */
async function playPlinko(page: Page, during: DuringRound): Promise<void> {
  await page.getByRole("button", { name: "DROP BALL" }).click();
  await page.waitForTimeout(900);
  await during(page);
  await page.getByTestId("active-balls").filter({ hasText: "Active Balls: 0/5" }).waitFor(SETTLE_TIMEOUT);
}

/** Spins once and waits until SPIN can be pressed again. */
async function playSlots(page: Page, during: DuringRound): Promise<void> {
  await page.getByRole("button", { name: "SPIN", exact: true }).click();
  await page.waitForTimeout(600);
  await during(page);
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll<HTMLButtonElement>("button")].some(
        (button) => /^(FREE )?SPIN$/.test(button.textContent ?? "") && !button.disabled,
      ),
    undefined,
    SETTLE_TIMEOUT,
  );
}

/** Deals, stands on whatever came, and waits for New Game. */
async function playBlackjack(page: Page, during: DuringRound): Promise<void> {
  await page.getByRole("button", { name: "DEAL CARDS" }).click();
  const stand = page.getByRole("button", { name: "STAND" });
  const again = page.getByRole("button", { name: "New Game" });
  await stand.or(again).first().waitFor(SETTLE_TIMEOUT);
  await during(page);
  // A hand can end by itself (a blackjack, 21) between looking and clicking.
  if (await stand.isVisible()) await stand.click({ timeout: 5000 }).catch(() => undefined);
  await again.waitFor(SETTLE_TIMEOUT);
  await again.click();
}

/**
 * The Hi-Lo guess the dealt card allows (HIGHER, or LOWER where HIGHER cannot win), once the deal has
 * landed: both buttons are disabled until the round is open, so reading one before then picks wrong.
 */
export async function hiloGuessOnceDealt(page: Page): Promise<Locator> {
  const enabled = page.locator('[data-testid="hilo-higher"]:enabled, [data-testid="hilo-lower"]:enabled');
  await enabled.first().waitFor(SETTLE_TIMEOUT);
  return enabled.first();
}

/** Deals, guesses HIGHER (LOWER on a king), cashes out a win, and waits for the next round's button. */
async function playHilo(page: Page, during: DuringRound): Promise<void> {
  await page.getByRole("button", { name: "DEAL CARDS" }).click();
  const guess = await hiloGuessOnceDealt(page);
  await during(page);
  await guess.click();
  const cashOut = page.getByRole("button", { name: /^CASH OUT/ });
  const next = page.getByRole("button", { name: /^(NEW GAME|DEAL CARDS)$/ });
  await cashOut.or(next).first().waitFor(SETTLE_TIMEOUT);
  if (await cashOut.isVisible()) await cashOut.click();
  await next.first().waitFor(SETTLE_TIMEOUT);
}

const PLAYS: Record<Game, (page: Page, during: DuringRound) => Promise<void>> = {
  dice: playDice,
  plinko: playPlinko,
  slots: playSlots,
  blackjack: playBlackjack,
  hilo: playHilo,
};

/** Opens /game/{game} on `baseUrl` in `page`, plays one round and calls `during` while it runs. */
export async function playRound(
  page: Page,
  baseUrl: string,
  game: Game,
  during: DuringRound = async () => {},
): Promise<void> {
  await page.goto(`${baseUrl}/game/${game}`);
  await waitForRoom(page);
  await PLAYS[game](page, during);
}

/** Sits at House Table Alpha (50 HC, bots) from the poker lobby, waits for the first hand's cards, runs `during`, and leaves. */
export async function sitAtHouseTable(page: Page, baseUrl: string, during: DuringRound = async () => {}) {
  await page.goto(`${baseUrl}/poker`);
  await page.getByRole("button", { name: "Join Table: House Table Alpha" }).click();
  const dialog = page.getByTestId("join-dialog");
  await dialog.getByLabel("Your name at the table").fill("Phone");
  await dialog.getByRole("button", { name: "Join", exact: true }).click();
  await page.getByTestId("poker-table-screen").waitFor();
  await page.locator(".poker-seat.is-me .poker-card[data-card]").first().waitFor({ timeout: 30_000 });
  await during(page);
  // Leave as a player would, so the next visitor does not wait out this seat's action timers.
  await page.getByRole("button", { name: "Leave Table" }).click();
  await page.getByTestId("toast").filter({ hasText: "Left the table" }).waitFor();
}

import { describe, expect } from "vitest";
import { testOnOwnCasino } from "./fixtures.ts";

const test = testOnOwnCasino({ operator: { password: "orbit-control-7" } });

describe("the /security lock screen after too many wrong passwords", () => {
  test("says the address is locked out and until when, and waits before the next try", async ({
    profiles,
  }) => {
    const { page } = await profiles.openPage("/security");
    page.on("dialog", (dialog) => void dialog.accept());
    const field = page.getByLabel("Dashboard password");
    const notice = page.getByTestId("security-gate-notice");
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await field.fill(`guess-${attempt}`);
      await page.getByRole("button", { name: "Unlock" }).click();
      await notice.getByText("Access Denied - Incorrect Password. Try again.").waitFor();
      // The next refusal must be a new one: wait for the field to be cleared for it.
      await page.waitForFunction(
        () => (document.getElementById("security-password") as HTMLInputElement).value === "",
      );
    }
    await field.fill("guess-6");
    await page.getByRole("button", { name: "Unlock" }).click();
    await notice.getByText(/^Too many failed attempts from this address/).waitFor();
    const text = (await notice.textContent()) ?? "";
    expect(text).toMatch(
      /^Too many failed attempts from this address: locked for \d+ minutes?, until \d\d:\d\d\.$/,
    );
    expect(text).not.toMatch(/\b429\b/);
    await field.fill("orbit-control-7");
    await expect(page.getByRole("button", { name: "Unlock" }).isDisabled()).resolves.toBe(true);
  });
});

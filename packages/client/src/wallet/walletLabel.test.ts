import { describe, expect, it } from "vitest";
import { describeWalletButton } from "./walletLabel.ts";

describe("describeWalletButton", () => {
  it("follows the wallet lifecycle", () => {
    expect(describeWalletButton("disconnected", null)).toBe("Connect");
    expect(describeWalletButton("connecting", null)).toBe("Connecting...");
    expect(describeWalletButton("connecting", "DEMOABCDEFGHI")).toBe("Connecting...");
    expect(describeWalletButton("connected", "DEMOABCDEFGHI")).toBe("DEMO...FGHI");
    expect(describeWalletButton("connected", null)).toBe("Connect");
  });
});

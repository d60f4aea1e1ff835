import { messageOf } from "@casino/protocol/wire/failures";
import { describe, expect, it } from "vitest";
import { localFailure, readGameReply } from "./gameReply.ts";

describe("reading a game room's reply", () => {
  it("gives an accepted move's body, balances included, by ok: true", () => {
    const outcome = readGameReply({
      ok: true,
      action: "roll",
      total: 7,
      houseBalance: "990",
      aminaBalance: "0",
    });
    expect(outcome).toEqual({
      ok: true,
      body: { ok: true, action: "roll", total: 7, houseBalance: "990", aminaBalance: "0" },
    });
  });

  it("gives a refusal's code and text by ok: false, balances or not", () => {
    const refusal = {
      ok: false,
      action: "roll",
      code: "bet/insufficient_balance",
      message: "Insufficient balance!",
    };
    expect(readGameReply(refusal)).toEqual({
      ok: false,
      failure: { code: "bet/insufficient_balance", message: "Insufficient balance!" },
    });
    expect(readGameReply({ ...refusal, houseBalance: "0" })).toMatchObject({ ok: false });
  });

  it("reads a refusal sent without ok (a REST body) as a refusal", () => {
    expect(
      readGameReply({ action: "drop", code: "plinko/too_many_balls", message: "Maximum 5 balls allowed!" }),
    ).toEqual({
      ok: false,
      failure: { code: "plinko/too_many_balls", message: "Maximum 5 balls allowed!" },
    });
  });

  it("takes an accepted move that happens to carry a code for what it is", () => {
    expect(readGameReply({ ok: true, action: "roll", code: "promo" })).toMatchObject({ ok: true });
  });

  it("turns a reply without its discriminant into the catalogue's unreadable-answer failure", () => {
    for (const reply of [undefined, "done", { action: "roll", total: 7 }, { ok: "yes" }]) {
      expect(readGameReply(reply)).toEqual({
        ok: false,
        failure: { code: "room/bad_reply", message: messageOf("room/bad_reply") },
      });
    }
  });

  it("names local failures with the catalogue's text", () => {
    expect(localFailure("room/offline")).toEqual({
      ok: false,
      failure: { code: "room/offline", message: messageOf("room/offline") },
    });
  });
});

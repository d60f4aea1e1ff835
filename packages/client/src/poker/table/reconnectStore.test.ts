import { describe, expect, it } from "vitest";
import {
  clearReconnect,
  RECONNECT_KEY,
  readReconnect,
  readSavedTable,
  saveReconnect,
} from "./reconnectStore.ts";

/** An in-memory Storage stand-in. */
function makeStore() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

describe("reconnect store", () => {
  it("gives the token back only for the same table", () => {
    const store = makeStore();
    saveReconnect({ tableId: "house-alpha", token: "room1:abc" }, store);
    expect(readReconnect("house-alpha", store)).toBe("room1:abc");
    expect(readReconnect("orion-9-max", store)).toBeNull();
    expect(readSavedTable(store)).toBe("house-alpha");
  });

  it("forgets the token and survives garbage", () => {
    const store = makeStore();
    saveReconnect({ tableId: "t", token: "x" }, store);
    clearReconnect(store);
    expect(readReconnect("t", store)).toBeNull();
    expect(readSavedTable(store)).toBeNull();
    store.items.set(RECONNECT_KEY, "{not json");
    expect(readReconnect("t", store)).toBeNull();
  });
});

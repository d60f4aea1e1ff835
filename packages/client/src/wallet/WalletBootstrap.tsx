import { useQueryClient } from "@tanstack/react-query";
import { useAtomValue, useSetAtom } from "jotai";
import { useEffect } from "react";
import { ApiError } from "../api/http.ts";
import { queryKeys, useUserRecord } from "../api/queries.ts";
import { getSession, registerUser } from "../api/walletApi.ts";
import { createDemoIdentity } from "./demoIdentity.ts";
import { forgetWallet, rememberWallet } from "./storage.ts";
import { type WalletState, walletAddressAtom, walletAtom } from "./walletAtoms.ts";

let firstLoad: Promise<WalletState> | null = null;

/** First load: keep the cookie's wallet, else give this browser its own new demo identity. */
function restoreOrCreateSession(onUser: (wallet: string, user: unknown) => void): Promise<WalletState> {
  firstLoad ??= (async (): Promise<WalletState> => {
    const session = await getSession();
    if (session.ok && session.data?.walletAddress) {
      const userId = session.data.userId === null ? null : String(session.data.userId);
      return { status: "connected", address: session.data.walletAddress, userId };
    }
    if (!session.ok) return { status: "disconnected", address: null, userId: null };
    const registered = await registerUser(createDemoIdentity());
    if (!registered.ok) return { status: "disconnected", address: null, userId: null };
    onUser(registered.data.walletAddress, registered.data);
    return {
      status: "connected",
      address: registered.data.walletAddress,
      userId: String(registered.data.id),
    };
  })();
  return firstLoad;
}

/** Runs the first-load session restore once per page load and publishes the result. */
export function WalletBootstrap() {
  const setWallet = useSetAtom(walletAtom);
  const client = useQueryClient();
  useEffect(() => {
    let active = true;
    void restoreOrCreateSession((wallet, user) => client.setQueryData(queryKeys.user(wallet), user)).then(
      (state) => {
        if (!active) return;
        if (state.address) rememberWallet(state.address);
        setWallet((current) =>
          current.status === "connecting" && current.address === null ? state : current,
        );
      },
    );
    return () => {
      active = false;
    };
  }, [setWallet, client]);
  return null;
}

/** Logs balance refresh failures and drops the wallet when the server no longer knows the session. */
export function SessionWatcher() {
  const wallet = useAtomValue(walletAddressAtom);
  const setWallet = useSetAtom(walletAtom);
  const client = useQueryClient();
  const user = useUserRecord(wallet);
  const error = user.error;
  useEffect(() => {
    if (!error) return;
    console.warn(`balance refresh failed: ${error.message}`);
    if (error instanceof ApiError && error.status === 401) {
      forgetWallet();
      client.clear();
      setWallet({ status: "disconnected", address: null, userId: null });
    }
  }, [error, client, setWallet]);
  return null;
}

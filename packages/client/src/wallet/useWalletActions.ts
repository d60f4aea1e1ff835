/** Connect, disconnect and first-load session restore, with the wallet toasts of SPEC.md section 8. */
import { messageOf } from "@casino/protocol/wire/failures";
import { useQueryClient } from "@tanstack/react-query";
import { useAtom } from "jotai";
import { useCallback } from "react";
import { type ApiResult, describeApiFailure } from "../api/http.ts";
import { queryKeys } from "../api/queries.ts";
import type { UserRecord } from "../api/types.ts";
import { endSession, registerUser } from "../api/walletApi.ts";
import { useToast } from "../ui/toast.ts";
import { createDemoIdentity } from "./demoIdentity.ts";
import { closeRealWalletSessions } from "./realWalletSessions.ts";
import { forgetWallet, rememberWallet } from "./storage.ts";
import { walletAtom } from "./walletAtoms.ts";

/** A connection attempt: any async step that ends in POST /api/users. */
export type ConnectAttempt = () => Promise<ApiResult<UserRecord>>;

/** Wallet actions for the header button and the Connect dialog. */
export function useWalletActions() {
  const [wallet, setWallet] = useAtom(walletAtom);
  const client = useQueryClient();
  const toast = useToast();

  const connect = useCallback(
    async (attempt: ConnectAttempt): Promise<boolean> => {
      const previous = wallet;
      setWallet({ ...previous, status: "connecting" });
      let result: ApiResult<UserRecord>;
      try {
        result = await attempt();
      } catch (cause) {
        const message =
          cause instanceof Error && cause.message ? cause.message : messageOf("wallet/sign_failed");
        result = { ok: false, error: { status: 0, code: "wallet/sign_failed", message } };
      }
      if (!result.ok) {
        setWallet(
          previous.status === "connecting"
            ? { status: "disconnected", address: null, userId: null }
            : previous,
        );
        toast({ tone: "error", title: "Connection Failed", description: describeApiFailure(result.error) });
        return false;
      }
      const user = result.data;
      if (previous.address && previous.address !== user.walletAddress) client.clear();
      client.setQueryData(queryKeys.user(user.walletAddress), user);
      rememberWallet(user.walletAddress);
      setWallet({ status: "connected", address: user.walletAddress, userId: String(user.id) });
      toast({
        tone: "success",
        title: "Wallet Connected!",
        description: "Your wallet is now connected to the casino.",
      });
      return true;
    },
    [wallet, setWallet, client, toast],
  );

  const connectDemo = useCallback(() => connect(() => registerUser(createDemoIdentity())), [connect]);

  const disconnect = useCallback(async () => {
    await endSession();
    await closeRealWalletSessions();
    forgetWallet();
    client.clear();
    setWallet({ status: "disconnected", address: null, userId: null });
    toast({ tone: "info", title: "Wallet Disconnected", description: "Your wallet has been disconnected." });
  }, [client, setWallet, toast]);

  return { wallet, connect, connectDemo, disconnect };
}

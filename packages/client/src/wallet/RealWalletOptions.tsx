import { messageOf } from "@casino/protocol/wire/failures";
import { NetworkId, useWallet, WalletId, WalletManager, WalletProvider } from "@txnlab/use-wallet-react";
import { useState } from "react";
import { FormError } from "../ui/FormError.tsx";
import { pickNetwork } from "./challengeTransaction.ts";
import type { TransactionSigner } from "./proveAddress.ts";
import { trackRealWalletSession } from "./realWalletSessions.ts";

/** A wallet the visitor chose: the address it holds and how to make it sign. */
export type ChosenWallet = { address: string; sign: TransactionSigner };

const managers = new Map<string, WalletManager>();

/** One use-wallet manager per network, created on first use so the lobby never loads it. */
function getManager(network: string | undefined): WalletManager {
  const id = pickNetwork(network) === "mainnet" ? NetworkId.MAINNET : NetworkId.TESTNET;
  let manager = managers.get(id);
  if (!manager) {
    manager = new WalletManager({
      wallets: [WalletId.PERA, WalletId.DEFLY, { id: WalletId.LUTE, options: { siteName: "AMINA Casino" } }],
      defaultNetwork: id,
    });
    managers.set(id, manager);
  }
  return manager;
}

type Props = { network: string | undefined; busy: boolean; onChosen: (wallet: ChosenWallet) => void };

/** Pera, Defly and Lute through use-wallet: connect the wallet, then hand back its signer. */
export function RealWalletOptions(props: Props) {
  const manager = getManager(props.network);
  return (
    <WalletProvider manager={manager}>
      <WalletList {...props} manager={manager} />
    </WalletProvider>
  );
}

function WalletList({ busy, onChosen, manager }: Props & { manager: WalletManager }) {
  const { wallets } = useWallet();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);

  async function choose(walletKey: string) {
    const wallet = manager.getWallet(walletKey as WalletId);
    if (!wallet) return;
    setError(null);
    setPending(walletKey);
    try {
      const accounts = wallet.isConnected ? wallet.accounts : await wallet.connect();
      const address = wallet.activeAccount?.address ?? accounts[0]?.address;
      if (!address) throw new Error("The wallet returned no account");
      trackRealWalletSession(() => wallet.disconnect());
      onChosen({
        address,
        sign: async (unsigned) => {
          const [signed] = await wallet.signTransactions([unsigned]);
          if (!signed) throw new Error("The wallet did not sign the login request");
          return signed;
        },
      });
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : messageOf("wallet/sign_failed"));
    } finally {
      setPending(null);
    }
  }

  return (
    <div className="wallet-options">
      {wallets.map((wallet) => (
        <button
          key={wallet.walletKey}
          type="button"
          className="option-button wallet-option"
          disabled={busy || pending !== null}
          onClick={() => void choose(wallet.walletKey)}
        >
          <img src={wallet.metadata.icon} alt="" width={28} height={28} />
          <span>{pending === wallet.walletKey ? "Opening..." : wallet.metadata.name}</span>
        </button>
      ))}
      <FormError message={error} />
    </div>
  );
}

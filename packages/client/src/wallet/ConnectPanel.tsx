import { messageOf } from "@casino/protocol/wire/failures";
import { type FormEvent, useState } from "react";
import { useCryptoStatus } from "../api/queries.ts";
import { restoreIdentity } from "../api/recoveryApi.ts";
import { registerUser } from "../api/walletApi.ts";
import { CodeField } from "../ui/FormFields.tsx";
import { useCodeInput } from "../ui/useCodeInput.ts";
import { isAlgorandAddress } from "./challengeTransaction.ts";
import { isDemoIdentity } from "./demoIdentity.ts";
import { LeaveIdentityDialog } from "./LeaveIdentityDialog.tsx";
import { connectWithProof, findTestSigner, type TransactionSigner } from "./proveAddress.ts";
import { type ChosenWallet, RealWalletOptions } from "./RealWalletOptions.tsx";
import { RecoveryKeyPanel } from "./RecoveryKeyPanel.tsx";
import { RestoreIdentityForm } from "./RestoreIdentityForm.tsx";
import { useWalletActions } from "./useWalletActions.ts";

/** The message SPEC.md section 5 gives for a typed address that is not a valid Algorand address. */
export const INVALID_ADDRESS_MESSAGE = messageOf("auth/invalid_address");

/** The Connect dialog's body: account, disconnect and recovery key, real wallets, typed address, demo identity and its restore. */
export default function ConnectPanel({ onDone }: { onDone: () => void }) {
  const { wallet, connect, connectDemo, disconnect } = useWalletActions();
  const status = useCryptoStatus();
  const network = status.data?.network;
  const typed = useCodeInput();
  const [signerWallet, setSignerWallet] = useState<ChosenWallet | null>(null);
  const testSigner = findTestSigner();
  const busy = wallet.status === "connecting";

  function finish(ok: boolean) {
    if (ok) onDone();
  }

  function readTypedAddress(): string | null {
    return typed.read(isAlgorandAddress, INVALID_ADDRESS_MESSAGE);
  }

  /** A typed address is signed by a wallet holding it, or sent unsigned (the server then refuses it). */
  async function connectTyped(event: FormEvent) {
    event.preventDefault();
    const address = readTypedAddress();
    if (!address) return;
    const sign: TransactionSigner | undefined =
      signerWallet?.address === address ? signerWallet.sign : undefined;
    finish(await connect(() => (sign ? connectWithProof(address, sign, network) : registerUser(address))));
  }

  async function connectWithTestSigner(signer: TransactionSigner) {
    const address = readTypedAddress();
    if (!address) return;
    finish(await connect(() => connectWithProof(address, signer, network)));
  }

  async function connectChosen(chosen: ChosenWallet) {
    setSignerWallet(chosen);
    typed.change(chosen.address);
    finish(await connect(() => connectWithProof(chosen.address, chosen.sign, network)));
  }

  return (
    <div className="connect-panel">
      {wallet.status === "connected" && wallet.address && (
        <section className="connect-section" aria-label="Connected wallet">
          <h3>Connected wallet</h3>
          <p className="mono wrap" data-testid="connected-address">
            {wallet.address}
          </p>
          <LeaveIdentityDialog
            kind="disconnect"
            wallet={wallet.address}
            disabled={busy}
            onConfirm={() => void disconnect().then(onDone)}
          />
        </section>
      )}

      {wallet.status === "connected" && wallet.address && isDemoIdentity(wallet.address) && (
        <section className="connect-section" aria-labelledby="recovery-heading">
          <h3 id="recovery-heading">Keep this demo identity</h3>
          <RecoveryKeyPanel wallet={wallet.address} />
        </section>
      )}

      <section className="connect-section" aria-labelledby="wallets-heading">
        <h3 id="wallets-heading">Algorand wallets</h3>
        <RealWalletOptions network={network} busy={busy} onChosen={(chosen) => void connectChosen(chosen)} />
      </section>

      <section className="connect-section" aria-labelledby="address-heading">
        <h3 id="address-heading">Wallet address</h3>
        <form onSubmit={(event) => void connectTyped(event)} noValidate>
          <CodeField
            id="wallet-address"
            label="Algorand address (58 characters)"
            input={typed}
            placeholder="e.g. AAAA...AAAA"
          />
          <div className="row gap">
            <button type="submit" className="btn btn-primary" disabled={busy || typed.value.trim() === ""}>
              {busy ? "Connecting..." : "Connect address"}
            </button>
            {testSigner && (
              <button
                type="button"
                className="btn"
                disabled={busy || typed.value.trim() === ""}
                onClick={() => void connectWithTestSigner(testSigner)}
              >
                Sign with test signer
              </button>
            )}
          </div>
          <p className="hint-text">The wallet holding this address must sign a one-time login request.</p>
        </form>
      </section>

      <section className="connect-section" aria-labelledby="demo-heading">
        <h3 id="demo-heading">Demo identity</h3>
        <p className="hint-text">Play with a fresh demo identity that belongs to this browser only.</p>
        {wallet.status === "connected" && wallet.address ? (
          <LeaveIdentityDialog
            kind="new-identity"
            wallet={wallet.address}
            disabled={busy}
            onConfirm={() => void connectDemo().then(finish)}
          />
        ) : (
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={() => void connectDemo().then(finish)}
          >
            Use a new demo identity
          </button>
        )}
      </section>

      <section className="connect-section" aria-labelledby="restore-heading">
        <h3 id="restore-heading">Restore a demo identity</h3>
        <RestoreIdentityForm
          busy={busy}
          onRestore={(key) => connect(() => restoreIdentity(key)).then(finish)}
        />
      </section>
    </div>
  );
}

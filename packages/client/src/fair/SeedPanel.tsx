import { hashServerSeed, messageOf } from "@casino/protocol";
import { useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { type FormEvent, useState } from "react";
import { rotateServerSeed, updateClientSeed } from "../api/fairApi.ts";
import { describeApiFailure } from "../api/http.ts";
import { queryKeys, useSeeds } from "../api/queries.ts";
import type { SeedRotation } from "../api/types.ts";
import { FormError } from "../ui/FormError.tsx";
import { Icon } from "../ui/icons.tsx";
import { useToast } from "../ui/toast.ts";
import { walletAddressAtom } from "../wallet/walletAtoms.ts";
import "./seeds.css";

/** The lobby's provably-fair panel: the committed seeds, client seed update and seed rotation. */
export function SeedPanel() {
  const wallet = useAtomValue(walletAddressAtom);
  const seeds = useSeeds(wallet);
  const client = useQueryClient();
  const toast = useToast();
  const [clientSeed, setClientSeed] = useState("");
  const [busy, setBusy] = useState<"update" | "rotate" | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<SeedRotation | null>(null);

  async function submitClientSeed(event: FormEvent) {
    event.preventDefault();
    const seed = clientSeed.trim();
    if (!seed) {
      toast({ tone: "error", title: "Invalid seed", description: messageOf("seed/invalid_client_seed") });
      return;
    }
    setBusy("update");
    setFailure(null);
    const result = await updateClientSeed(seed);
    setBusy(null);
    if (!result.ok) {
      setFailure(describeApiFailure(result.error));
      toast({ tone: "error", title: "Update failed", description: "Failed to update client seed" });
      return;
    }
    setClientSeed("");
    toast({ tone: "success", title: "Client seed updated" });
    if (wallet) await client.invalidateQueries({ queryKey: queryKeys.seeds(wallet) });
  }

  async function generateServerSeed() {
    setBusy("rotate");
    setFailure(null);
    const result = await rotateServerSeed();
    setBusy(null);
    if (!result.ok) {
      setFailure(describeApiFailure(result.error));
      toast({ tone: "error", title: "Generation failed", description: "Failed to generate new server seed" });
      return;
    }
    setRevealed(result.data);
    toast({ tone: "success", title: "New server seed generated" });
    if (wallet) {
      await client.invalidateQueries({ queryKey: queryKeys.seeds(wallet) });
      await client.invalidateQueries({ queryKey: queryKeys.gameSessions(wallet) });
    }
  }

  return (
    <section className="panel seed-panel" aria-labelledby="seed-title" data-testid="seed-panel">
      <header className="panel-header">
        <h2 id="seed-title">
          <Icon name="shield" /> Provably Fair
        </h2>
        {seeds.data && (
          <span
            className={`badge ${seeds.data.isActive ? "badge-ok" : "badge-off"}`}
            data-testid="seed-status"
          >
            {seeds.data.isActive ? "Active" : "Inactive"}
          </span>
        )}
      </header>
      {!wallet && <p className="hint-text">Connect a wallet to see and change your seeds.</p>}
      {wallet && seeds.isPending && <p className="loading">Loading seeds...</p>}
      {wallet && seeds.isError && <p className="hint-text">Seeds are not available right now.</p>}
      {seeds.data && (
        <>
          <dl className="seed-facts">
            <div>
              <dt>Server seed hash</dt>
              <dd className="mono wrap" data-testid="server-seed-hash">
                {seeds.data.serverSeedHash}
              </dd>
            </div>
            <div>
              <dt>Client seed</dt>
              <dd className="mono wrap" data-testid="client-seed">
                {seeds.data.clientSeed}
              </dd>
            </div>
            <div>
              <dt>Nonce</dt>
              <dd className="mono" data-testid="nonce">
                {seeds.data.nonce}
              </dd>
            </div>
          </dl>
          <form className="seed-form" onSubmit={(event) => void submitClientSeed(event)} noValidate>
            <label className="field-label" htmlFor="client-seed-input">
              New client seed
            </label>
            <div className="row gap">
              <input
                id="client-seed-input"
                className="input mono"
                value={clientSeed}
                maxLength={64}
                onChange={(event) => setClientSeed(event.target.value)}
                placeholder="Any text up to 64 characters"
              />
              <button type="submit" className="btn btn-primary" disabled={busy !== null}>
                {busy === "update" ? "Updating..." : "Update"}
              </button>
            </div>
          </form>
          <button
            type="button"
            className="btn btn-ghost"
            disabled={busy !== null}
            onClick={() => void generateServerSeed()}
          >
            {busy === "rotate" ? "Generating..." : "New server seed"}
          </button>
          <FormError message={failure} />
          {revealed && (
            <div className="revealed" data-testid="revealed-seed">
              <h3>Previous seed revealed</h3>
              <p className="field-label">Server seed</p>
              <p className="mono wrap" data-testid="revealed-server-seed">
                {revealed.previousServerSeed}
              </p>
              <p className="field-label">Its hash (as committed)</p>
              <p className="mono wrap" data-testid="revealed-server-seed-hash">
                {revealed.previousServerSeedHash}
              </p>
              <p
                className={
                  hashServerSeed(revealed.previousServerSeed) === revealed.previousServerSeedHash
                    ? "ok-text"
                    : "form-error"
                }
              >
                {hashServerSeed(revealed.previousServerSeed) === revealed.previousServerSeedHash
                  ? "✓ SHA-256 of the revealed seed matches the commitment"
                  : "✗ The revealed seed does not match its commitment"}
              </p>
            </div>
          )}
        </>
      )}
    </section>
  );
}

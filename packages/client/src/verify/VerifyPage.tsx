import { useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { CrashRoundCheck } from "../games/crash/CrashRoundCheck.tsx";
import { FairnessDoc } from "./FairnessDoc.tsx";
import { PokerHandCheck } from "./PokerHandCheck.tsx";
import { RoundTraceView } from "./RoundTraceView.tsx";
import { type RoundTrace, traceRound } from "./traceRound.ts";
import { VerifyFormFields } from "./VerifyFormFields.tsx";
import { readVerifyForm, roundOfForm, type VerifyForm, writeVerifyForm } from "./verifyParams.ts";
import "./verify.css";

/** The replay of a submitted form (single-player games), computed in the browser. */
function traceOf(form: VerifyForm): RoundTrace {
  const round = roundOfForm(form);
  if (!round.ok) return { ok: false, message: round.message };
  return traceRound({ ...round, ...(form.hash ? { hash: form.hash } : {}) });
}

/** A form after an edit; the cards seen at the table belong to their hand and go when the hand id changes. */
function patchForm(old: VerifyForm, patch: Partial<VerifyForm>): VerifyForm {
  const next = { ...old, ...patch };
  return next.handId === old.handId ? next : { ...next, board: "", holes: "" };
}

/**
 * Route /verify: paste a revealed server seed, client seed and nonce (or open a history row's
 * link), pick the game and its inputs, and see the outcome the protocol code computes, step by step.
 */
export default function VerifyPage() {
  const [params, setParams] = useSearchParams();
  const submitted = useMemo(() => readVerifyForm(params), [params]);
  const [form, setForm] = useState<VerifyForm>(submitted);
  const crashRound = params.get("game") === "crash" ? Number(params.get("round")) : Number.NaN;
  const hasCrashRound = Number.isSafeInteger(crashRound) && crashRound > 0;
  const hasRound = !hasCrashRound && (params.has("serverSeed") || params.has("handId"));
  const trace = useMemo(
    () => (hasRound && submitted.game !== "poker" ? traceOf(submitted) : null),
    [hasRound, submitted],
  );

  return (
    <div className="page verify-page">
      <Link to="/history" className="back-link">
        ← Bet history
      </Link>
      <h1>Verify a round</h1>
      <p className="hint-text">
        Outcomes come from HMAC-SHA256(server seed, "client seed:nonce:round"). Once you rotate your seed, the
        revealed server seed lets you recompute any round here, in your browser, with the same code the casino
        runs. <a href="#specification">Read the specification</a>.
      </p>
      {!hasCrashRound && (
        <form
          className="panel verify-form"
          aria-label="Round to verify"
          onSubmit={(event) => {
            event.preventDefault();
            setParams(writeVerifyForm(form));
          }}
        >
          <VerifyFormFields form={form} onChange={(patch) => setForm((old) => patchForm(old, patch))} />
          <button type="submit" className="btn btn-primary">
            Verify
          </button>
        </form>
      )}
      <section className="panel verify-result" aria-label="Verification" aria-live="polite">
        {hasCrashRound && <CrashRoundCheck currency={params.get("currency") ?? "HC"} round={crashRound} />}
        {!hasRound && !hasCrashRound && (
          <p className="empty-state">Enter a round above, or open Verify from your bet history.</p>
        )}
        {hasRound && submitted.game === "poker" && <PokerHandCheck form={submitted} />}
        {trace && <RoundTraceView trace={trace} />}
      </section>
      <FairnessDoc />
    </div>
  );
}

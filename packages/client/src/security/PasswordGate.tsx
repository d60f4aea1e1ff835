import { useSetAtom } from "jotai";
import { type FormEvent, useEffect, useState } from "react";
import { flushSync } from "react-dom";
import { describeApiFailure } from "../api/http.ts";
import { describeLoginFailure, type LoginNotice } from "./loginNotice.ts";
import { PasswordField } from "./PasswordField.tsx";
import { callSecurityApi, securityPaths } from "./securityApi.ts";
import { operatorSessionAtom } from "./securityAtoms.ts";
import { ACCESS_DENIED_TEXT } from "./securityTexts.ts";
import type { LoginAnswer } from "./securityTypes.ts";

/**
 * The lock screen: the operator password is checked by the server, which answers a bearer token. A
 * refusal stays on screen under the field: a wrong password, or this address locked out (and until
 * when: Unlock waits until then).
 */
export function PasswordGate() {
  const setSession = useSetAtom(operatorSessionAtom);
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<LoginNotice | null>(null);
  const locked = notice?.retryAt != null;

  useEffect(() => {
    if (notice?.retryAt == null) return;
    const timer = setTimeout(() => setNotice(null), Math.max(0, notice.retryAt - Date.now()));
    return () => clearTimeout(timer);
  }, [notice]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await callSecurityApi<LoginAnswer>("POST", securityPaths.login, { body: { password } });
    setBusy(false);
    if (result.ok) {
      setPassword("");
      setSession({ token: result.data.token, expiresAt: result.data.expiresAt });
      return;
    }
    flushSync(() => {
      setPassword(""); // the field is empty before the alert blocks the page
      setNotice(describeLoginFailure(result.error, Date.now()));
    });
    window.alert(result.error.status === 403 ? ACCESS_DENIED_TEXT : describeApiFailure(result.error));
  };

  return (
    <section className="panel security-gate" aria-labelledby="security-gate-title">
      <h1 id="security-gate-title">Security Dashboard</h1>
      <p className="hint-text">Operator access only. Enter the dashboard password to unlock.</p>
      <form onSubmit={submit} className="security-gate-form">
        <PasswordField
          id="security-password"
          label="Dashboard password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          required
        />
        <button
          type="submit"
          className="btn btn-primary"
          disabled={busy || password === "" || locked}
          aria-describedby={notice ? "security-gate-notice" : undefined}
        >
          {busy ? "Checking..." : "Unlock"}
        </button>
        {notice && (
          <p id="security-gate-notice" className="form-error" role="alert" data-testid="security-gate-notice">
            {notice.text}
          </p>
        )}
      </form>
    </section>
  );
}

import { useAtomValue } from "jotai";
import { Link } from "react-router";
import { Starfield } from "../ui/Starfield.tsx";
import { Dashboard } from "./Dashboard.tsx";
import { PasswordGate } from "./PasswordGate.tsx";
import { operatorSessionAtom } from "./securityAtoms.ts";
import "./security.css";

/** The operator security dashboard (route /security): locked until the server accepts the password. */
export default function SecurityRoute() {
  const session = useAtomValue(operatorSessionAtom);
  return (
    <div className="app-shell">
      <Starfield still />
      <main className="page security-page" aria-label="Security dashboard">
        <Link to="/casino" className="back-link">
          ← Back to Casino
        </Link>
        {session ? <Dashboard /> : <PasswordGate />}
      </main>
    </div>
  );
}

import { Link } from "react-router";

/** The operator security dashboard (route /security). */
export default function SecurityRoute() {
  return (
    <main className="page placeholder-screen" aria-labelledby="security-title">
      <h1 id="security-title">Security Dashboard</h1>
      <p>The operator dashboard is being prepared.</p>
      <Link to="/casino" className="back-link">
        ← Back to Casino
      </Link>
    </main>
  );
}

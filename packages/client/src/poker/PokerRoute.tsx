import { Link } from "react-router";

/** The poker lobby and table screen (route /poker). */
export default function PokerRoute() {
  return (
    <section className="panel placeholder-screen" aria-labelledby="poker-title">
      <Link to="/casino" className="back-link">
        ← Back to Casino
      </Link>
      <h1 id="poker-title">Texas Hold'em</h1>
      <p>The poker room is being prepared. Tables open soon.</p>
    </section>
  );
}

import { Link } from "react-router";

/** The poker lobby's heading: the game's name and what it promises. */
export function PokerIntro() {
  return (
    <div>
      <h1 id="poker-title" className="gradient-text">
        Texas Hold'em
      </h1>
      <p className="hint-text">
        No-limit hold'em for up to 9 players. Every deck is committed before the deal and revealed after it.
      </p>
    </div>
  );
}

/**
 * Route /poker while its code loads on a first visit (the build prerenders it): the lobby's heading
 * above the loading line, so the page's first paint already shows what the screen is.
 */
export function PokerLoading() {
  return (
    <section className="poker-lobby" aria-labelledby="poker-title" aria-busy="true">
      <Link to="/casino" className="back-link">
        ← Back to Casino
      </Link>
      <PokerIntro />
      <p className="loading" role="status">
        Loading...
      </p>
    </section>
  );
}

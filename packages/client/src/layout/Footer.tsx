import { Link } from "react-router";
import "./footer.css";

const LINK_LISTS = [
  {
    title: "Games",
    items: [
      "Cosmic Chaos",
      "Quantum Plinko",
      "Galaxy Blackjack",
      "Cosmic Hi-Lo",
      "Nebula Dice",
      "Texas Hold'em",
    ],
  },
  { title: "Support", items: ["Help Center", "Provably Fair", "Contact Us", "Bug Bounty"] },
  { title: "Legal", items: ["Terms of Service", "Privacy Policy", "Responsible Gaming", "AML Policy"] },
];

/** The lobby footer: link lists (not clickable), copyright and the gambling-addiction warning. */
export function Footer() {
  return (
    <footer className="site-footer">
      <div className="footer-lists">
        {LINK_LISTS.map((list) => (
          <section key={list.title} aria-label={list.title}>
            <h2 className="footer-title">{list.title}</h2>
            <ul>
              {list.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <nav className="footer-fair-links" aria-label="Provably fair">
        <Link to="/history">Bet history</Link> · <Link to="/verify">Verify a round</Link> ·{" "}
        <Link to="/verify#specification">Fairness specification</Link> ·{" "}
        <Link to="/responsible-gaming">Responsible gaming</Link>
      </nav>
      <p className="footer-warning" role="note">
        Gambling can be addictive. Play responsibly, only with what you can afford to lose, and seek help if
        gambling stops being fun. You must be 18 or older to play.
      </p>
      <p className="footer-copyright">© {new Date().getFullYear()} AMINA Casino. All rights reserved.</p>
    </footer>
  );
}

import { Link } from "react-router";
import { Icon } from "../ui/icons.tsx";
import { Starfield } from "../ui/Starfield.tsx";
import { BuyAminaCard } from "./BuyAminaCard.tsx";
import "./landing.css";

const FEATURES = [
  {
    icon: <Icon name="planet" size={40} />,
    title: "Cosmic Games",
    text: "Slots, plinko, blackjack, hi-lo and dice, plus multiplayer Texas Hold'em.",
  },
  {
    icon: <Icon name="coin" size={40} />,
    title: "AMINA Tokens",
    text: "Play with AMINA, a token with a limited supply of 1,000.",
  },
  {
    icon: <Icon name="shield" size={40} />,
    title: "Provably Fair",
    text: "Every outcome comes from committed seeds you can verify yourself.",
  },
];

/** The welcome page: starfield, title, three feature tiles, Buy AMINA card, Enter the Cosmos. */
export function LandingPage() {
  return (
    <div className="landing">
      <Starfield />
      <main className="landing-main" id="main">
        <p className="landing-kicker">Welcome, traveller</p>
        <h1 className="landing-title">
          AMINA <span className="gradient-text">Casino</span>
        </h1>
        <p className="landing-tagline">
          A provably fair casino among the stars. 5 games, 1K supply, one galaxy.
        </p>
        <ul className="feature-tiles" aria-label="Features">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="feature-tile">
              <span className="feature-icon" aria-hidden="true">
                {feature.icon}
              </span>
              <h2>{feature.title}</h2>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
        <Link to="/warp" className="btn btn-primary btn-huge enter-button">
          Enter the Cosmos <Icon name="rocket" />
        </Link>
        <BuyAminaCard />
        <Link to="/casino" className="back-link">
          Skip the intro and go to the lobby
        </Link>
      </main>
    </div>
  );
}

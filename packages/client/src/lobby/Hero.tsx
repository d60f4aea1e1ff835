import { Link } from "react-router";

const STATS = [
  { value: "5", label: "games" },
  { value: "1K", label: "supply" },
  { value: "100%", label: "provably fair" },
];

/** The lobby's welcome hero with the casino's headline figures. */
export function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div>
        <p className="hero-kicker">Welcome aboard</p>
        <h1 id="hero-title" className="hero-title">
          The <span className="gradient-text">AMINA</span> Casino
        </h1>
        <p className="hero-text">
          Spin, drop, deal and roll among the stars. Every outcome is committed before you bet and verifiable
          after.
        </p>
        <Link to="/welcome" className="back-link">
          About AMINA and the casino →
        </Link>
      </div>
      <ul className="hero-stats" aria-label="Casino figures">
        {STATS.map((stat) => (
          <li key={stat.label} className="hero-stat">
            <strong>{stat.value}</strong> <span>{stat.label}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

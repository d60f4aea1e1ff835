import { Link, useLocation } from "react-router";
import "./errors.css";

/** The themed 404 page for any path the casino does not have. */
export function NotFoundPage() {
  const location = useLocation();
  return (
    <section className="lost-page" aria-labelledby="lost-title">
      <p className="lost-code" aria-hidden="true">
        404
      </p>
      <h1 id="lost-title">Lost in Space</h1>
      <p className="lost-text">
        There is nothing at <code>{location.pathname}</code>. This corner of the cosmos is empty.
      </p>
      <Link to="/casino" className="btn btn-primary">
        Back to the Casino
      </Link>
    </section>
  );
}

import { Link, useRouteError } from "react-router";
import "./errors.css";

/** Shown when a screen fails to load or render, instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : "Something went wrong.";
  return (
    <section className="lost-page" role="alert" aria-labelledby="error-title">
      <p className="lost-code" aria-hidden="true">
        ✖
      </p>
      <h1 id="error-title">Houston, we have a problem</h1>
      <p className="lost-text">{message}</p>
      <a href="/casino" className="btn btn-primary">
        Reload the Casino
      </a>
      <Link to="/welcome" className="btn btn-ghost">
        Welcome page
      </Link>
    </section>
  );
}

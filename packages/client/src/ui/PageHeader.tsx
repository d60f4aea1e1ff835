import type { ReactNode } from "react";
import { Link } from "react-router";

/** The top of a full-page screen: the way back to the casino, then its title and whatever stands beside it. */
export function PageHeader(props: {
  title: ReactNode;
  className?: string;
  back?: string;
  children?: ReactNode;
}) {
  return (
    <>
      <Link to={props.back ?? "/"} className="back-link">
        ← Back to Casino
      </Link>
      <header className={props.className}>
        <h1>{props.title}</h1>
        {props.children}
      </header>
    </>
  );
}

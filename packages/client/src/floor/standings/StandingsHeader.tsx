import type { ReactNode } from "react";
import { Link } from "react-router";
import { PageHeader } from "../../ui/PageHeader.tsx";

/** The top of both standings screens: the way back to the casino, the title and a link to the other screen. */
export function StandingsHeader(props: { title: ReactNode; linkTo: string; linkText: string }) {
  return (
    <PageHeader title={props.title} className="standings-header" back="/casino">
      <Link to={props.linkTo} className="btn btn-ghost">
        {props.linkText}
      </Link>
    </PageHeader>
  );
}

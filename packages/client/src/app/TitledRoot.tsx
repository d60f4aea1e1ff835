import { titleOfPath } from "@casino/protocol";
import { Outlet, useLocation } from "react-router";

/** The root of every page: sets the document title the path's page has (React 19 hoists it into <head>). */
export function TitledRoot() {
  const { pathname } = useLocation();
  return (
    <>
      <title>{titleOfPath(pathname)}</title>
      <Outlet />
    </>
  );
}

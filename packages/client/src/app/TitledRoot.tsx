import { titleOfPath } from "@casino/protocol";
import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";

/** The root of every page: gives the document the title of the path's page (the same list the server answers by). */
export function TitledRoot() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = titleOfPath(pathname);
  }, [pathname]);
  return <Outlet />;
}

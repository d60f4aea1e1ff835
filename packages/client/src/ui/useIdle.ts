import { useEffect, useState } from "react";
import { whenIdle } from "./whenIdle.ts";

/** False until the page has loaded and had its first quiet moment (see whenIdle), then true. */
export function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}

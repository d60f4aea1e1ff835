import * as Tooltip from "@radix-ui/react-tooltip";
import { QueryClientProvider } from "@tanstack/react-query";
import { Provider as JotaiProvider } from "jotai";
import { type ReactNode, useState } from "react";
import { createQueryClient } from "../api/queryClient.ts";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "../ui/Hint.tsx";
import { Toaster } from "../ui/Toaster.tsx";
import { SessionWatcher, WalletBootstrap } from "../wallet/WalletBootstrap.tsx";

/** App-wide providers: jotai state, react-query cache, tooltips, the toast region, wallet restore. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <JotaiProvider>
      <QueryClientProvider client={queryClient}>
        <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
          <Toaster>
            <WalletBootstrap />
            <SessionWatcher />
            {children}
          </Toaster>
        </Tooltip.Provider>
      </QueryClientProvider>
    </JotaiProvider>
  );
}

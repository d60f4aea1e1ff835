import * as Tooltip from "@radix-ui/react-tooltip";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Money } from "./Money.tsx";

describe("Money", () => {
  it("prints the exact amount in the one money format", () => {
    const html = renderToStaticMarkup(<Money units={1_003_998_400} currency="HC" code />);
    expect(html).toContain(">1,003.9984 HC<");
    expect(renderToStaticMarkup(<Money units={-470_000} currency="HC" signed />)).toContain(">-0.47<");
  });

  it("in a compact form keeps the exact amount for screen readers, focus and hover", () => {
    const html = renderToStaticMarkup(
      <Tooltip.Provider>
        <Money units={1_003_998_400} currency="HC" compact={2} code />
      </Tooltip.Provider>,
    );
    expect(html).toContain('tabindex="0"');
    expect(html).toContain('<span aria-hidden="true">1,003.99… HC</span>');
    expect(html).toContain('<span class="sr-only">1,003.9984 HC</span>');
  });

  it("is not shortened when nothing would be dropped", () => {
    const html = renderToStaticMarkup(<Money units={1_500_000} currency="HC" compact={2} />);
    expect(html).not.toContain("…");
    expect(html).toContain(">1.5<");
  });
});

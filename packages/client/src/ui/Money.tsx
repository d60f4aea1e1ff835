import type { Currency } from "@casino/protocol";
import { formatAmount, formatCompactAmount, formatSignedAmount } from "./format.ts";
import { Hint } from "./Hint.tsx";

type MoneyProps = {
  units: number;
  currency: Currency;
  /** Print the currency code after the amount. */
  code?: boolean;
  /** Prefix a gain with "+" (net results). */
  signed?: boolean;
  /** In tight spaces: at most this many fraction digits, the exact value on hover, focus and for screen readers. */
  compact?: number;
  className?: string;
  testId?: string;
};

/** An amount on screen in the casino's one money format, exact unless a compact form is asked for. */
export function Money({
  units,
  currency,
  code = false,
  signed = false,
  compact,
  className,
  testId,
}: MoneyProps) {
  const suffix = code ? ` ${currency}` : "";
  const classes = ["money", "mono", className].filter(Boolean).join(" ");
  const exact = signed ? formatSignedAmount(units, currency) : formatAmount(units, currency);
  const short = compact === undefined ? null : formatCompactAmount(units, currency, compact);
  if (!short?.shortened) {
    return (
      <span className={classes} data-testid={testId} data-units={units}>
        {exact}
        {suffix}
      </span>
    );
  }
  const sign = signed && units > 0 ? "+" : "";
  return (
    <Hint label={`${exact} ${currency}`}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focus shows the exact amount in the tooltip */}
      <span className={`${classes} money-compact`} tabIndex={0} data-testid={testId} data-units={units}>
        <span aria-hidden="true">
          {sign}
          {short.text}
          {suffix}
        </span>
        <span className="sr-only">
          {exact} {currency}
        </span>
      </span>
    </Hint>
  );
}

import type { ReactNode } from "react";

/** One button of a choice group. */
export type ChoiceButton = {
  key: string | number;
  content: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  /** Set on a toggle: it is marked `is-selected` and announced as pressed (or not). */
  selected?: boolean;
  /** The accessible name, where the content alone does not say enough. */
  label?: string;
  testId?: string;
};

/** How a choice group looks: the fieldset's class, its legend (for screen readers), every button's class. */
export type ChoiceGroupLook = { className: string; legend: string; buttonClass: string };

/**
 * A row of buttons in a fieldset whose legend only screen readers read: quick amounts, bet
 * chips, a game's bet types.
 */
export function ChoiceGroup(props: ChoiceGroupLook & { buttons: readonly ChoiceButton[] }) {
  return (
    <fieldset className={props.className}>
      <legend className="sr-only">{props.legend}</legend>
      {props.buttons.map((button) => (
        <button
          key={button.key}
          type="button"
          className={button.selected ? `${props.buttonClass} is-selected` : props.buttonClass}
          disabled={button.disabled}
          aria-pressed={button.selected}
          aria-label={button.label}
          onClick={button.onClick}
          data-testid={button.testId}
        >
          {button.content}
        </button>
      ))}
    </fieldset>
  );
}

import { useState } from "react";

/** A code typed by hand (an address, a key) and the error shown under it. */
export interface CodeInput {
  value: string;
  error: string | null;
  /** Takes what was typed; typing clears the error. */
  change(value: string): void;
  /** The trimmed text when `isValid` accepts it (the error cleared), else null with `invalidMessage` shown. */
  read(isValid: (text: string) => boolean, invalidMessage: string): string | null;
}

/** The state of a CodeField: its text and its error. */
export function useCodeInput(): CodeInput {
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  return {
    value,
    error,
    change(next) {
      setValue(next);
      setError(null);
    },
    read(isValid, invalidMessage) {
      const text = value.trim();
      if (!isValid(text)) {
        setError(invalidMessage);
        return null;
      }
      setError(null);
      return text;
    },
  };
}

import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FormError } from "./FormError.tsx";

describe("FormError", () => {
  it("announces the message as an alert, with the field's id when given", () => {
    expect(renderToStaticMarkup(<FormError message="That key is not valid" />)).toBe(
      '<p class="form-error" role="alert">That key is not valid</p>',
    );
    expect(renderToStaticMarkup(<FormError id="restore-key-error" message="Too short" />)).toBe(
      '<p id="restore-key-error" class="form-error" role="alert">Too short</p>',
    );
  });

  it("draws nothing while there is no error", () => {
    for (const message of [null, undefined, ""]) {
      expect(renderToStaticMarkup(<FormError message={message} />)).toBe("");
    }
  });
});

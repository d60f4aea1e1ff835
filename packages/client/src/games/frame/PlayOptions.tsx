import { useState } from "react";
import { HotkeyHelpDialog } from "../hotkeys/HotkeyHelpDialog.tsx";
import { useHotkeys, useHotkeysOn } from "../hotkeys/useHotkeys.ts";
import { useSoundMuted } from "../sound/useSound.ts";
import { useInstantMode } from "./instantMode.ts";
import "./play-options.css";

/** One on/off switch of the options bar. */
function Switch({
  label,
  on,
  onChange,
  testId,
}: {
  label: string;
  on: boolean;
  onChange: (on: boolean) => void;
  testId: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={on}
      className={`btn btn-chip play-switch${on ? " is-on" : ""}`}
      onClick={() => onChange(!on)}
      data-testid={testId}
    >
      {label}: {on ? "on" : "off"}
    </button>
  );
}

/**
 * The options bar of every game screen, each remembered per browser: hotkeys (off by default),
 * sound (with its mute), instant mode (no animations), and the list of keys ("?" opens it too).
 */
export function PlayOptions() {
  const [hotkeysOn, setHotkeysOn] = useHotkeysOn();
  const [muted, setMuted] = useSoundMuted();
  const [instant, setInstant] = useInstantMode();
  const [helpOpen, setHelpOpen] = useState(false);
  useHotkeys({ help: () => setHelpOpen(true) }, true);
  return (
    <fieldset className="play-options choice-group">
      <legend className="sr-only">Play options</legend>
      <Switch label="Hotkeys" on={hotkeysOn} onChange={setHotkeysOn} testId="option-hotkeys" />
      <Switch label="Sound" on={!muted} onChange={(on) => setMuted(!on)} testId="option-sound" />
      <Switch label="Instant" on={instant} onChange={setInstant} testId="option-instant" />
      <button
        type="button"
        className="btn btn-chip"
        aria-label="Keyboard shortcuts"
        onClick={() => setHelpOpen(true)}
        data-testid="option-keys"
      >
        ?
      </button>
      <HotkeyHelpDialog open={helpOpen} onOpenChange={setHelpOpen} hotkeysOn={hotkeysOn} />
    </fieldset>
  );
}

import { describe, expect, it } from "vitest";
import { encodeWav, SAMPLE_RATE, SOUND_TONES, synthesizeTones } from "./wavSynth.ts";

describe("the synthesized sound effects", () => {
  it("make samples as long as their tones, within -1..1, silent where a tone is 0 Hz", () => {
    const samples = synthesizeTones([
      { hz: 440, ms: 100 },
      { hz: 0, ms: 50 },
    ]);
    expect(samples.length).toBe(Math.round(0.1 * SAMPLE_RATE) + Math.round(0.05 * SAMPLE_RATE));
    expect(Math.max(...samples.map(Math.abs))).toBeLessThanOrEqual(1);
    expect(samples.slice(Math.round(0.1 * SAMPLE_RATE)).every((s) => s === 0)).toBe(true);
  });

  it("encode a valid PCM WAV header and stay small", () => {
    const bytes = encodeWav(synthesizeTones(SOUND_TONES.win));
    const text = (at: number, length: number) => String.fromCharCode(...bytes.slice(at, at + length));
    const view = new DataView(bytes.buffer);
    expect([text(0, 4), text(8, 4), text(12, 4), text(36, 4)]).toEqual(["RIFF", "WAVE", "fmt ", "data"]);
    expect(view.getUint32(4, true)).toBe(bytes.length - 8);
    expect(view.getUint32(24, true)).toBe(SAMPLE_RATE);
    expect(bytes.length).toBeLessThan(30_000);
  });
});

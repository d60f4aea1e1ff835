/**
 * Small sound effects synthesized as 16-bit mono PCM WAV files: a sequence of tones, each with a
 * quick attack and an exponential decay, so the casino ships its own sounds (scripts/make-sounds.ts).
 */

/** One tone: its pitch in Hz (0 = silence), length in ms, and loudness 0..1. */
export type Tone = { hz: number; ms: number; gain?: number };

/** Samples per second of the generated files. */
export const SAMPLE_RATE = 22_050;

/** The samples of `tones` in -1..1, one after another. */
export function synthesizeTones(tones: readonly Tone[], sampleRate = SAMPLE_RATE): Float32Array {
  const lengths = tones.map((tone) => Math.round((tone.ms / 1000) * sampleRate));
  const samples = new Float32Array(lengths.reduce((sum, length) => sum + length, 0));
  let offset = 0;
  tones.forEach((tone, index) => {
    const length = lengths[index] ?? 0;
    const gain = tone.gain ?? 0.5;
    const attack = Math.max(1, Math.round(sampleRate * 0.004));
    for (let i = 0; i < length; i++) {
      const envelope = Math.min(1, i / attack) * Math.exp((-4 * i) / length);
      const wave = Math.sin((2 * Math.PI * tone.hz * i) / sampleRate);
      samples[offset + i] = tone.hz > 0 ? gain * envelope * wave : 0;
    }
    offset += length;
  });
  return samples;
}

/** A WAV file (RIFF, PCM 16-bit mono) of `samples`. */
export function encodeWav(samples: Float32Array, sampleRate = SAMPLE_RATE): Uint8Array {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(bytes.buffer);
  const text = (at: number, value: string) => {
    for (let i = 0; i < value.length; i++) view.setUint8(at + i, value.charCodeAt(i));
  };
  text(0, "RIFF");
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  text(36, "data");
  view.setUint32(40, samples.length * 2, true);
  samples.forEach((sample, i) => {
    view.setInt16(44 + i * 2, Math.round(Math.max(-1, Math.min(1, sample)) * 32_767), true);
  });
  return bytes;
}

/** The casino's sound effects by name. */
export const SOUND_TONES = {
  bet: [{ hz: 660, ms: 60, gain: 0.35 }],
  win: [
    { hz: 523, ms: 90 },
    { hz: 659, ms: 90 },
    { hz: 784, ms: 90 },
    { hz: 1047, ms: 220 },
  ],
  loss: [
    { hz: 330, ms: 120, gain: 0.4 },
    { hz: 247, ms: 220, gain: 0.4 },
  ],
  stop: [
    { hz: 880, ms: 80, gain: 0.3 },
    { hz: 0, ms: 40 },
    { hz: 880, ms: 80, gain: 0.3 },
  ],
} as const satisfies Record<string, readonly Tone[]>;

/** A sound effect's name. */
export type SoundName = keyof typeof SOUND_TONES;

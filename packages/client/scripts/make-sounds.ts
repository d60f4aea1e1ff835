/** Writes the casino's sound effects (games/sound/wavSynth.ts) to public/sounds/*.wav. Run: node scripts/make-sounds.ts */
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { encodeWav, SOUND_TONES, synthesizeTones } from "../src/games/sound/wavSynth.ts";

const folder = fileURLToPath(new URL("../public/sounds/", import.meta.url));
mkdirSync(folder, { recursive: true });
for (const [name, tones] of Object.entries(SOUND_TONES)) {
  const bytes = encodeWav(synthesizeTones(tones));
  writeFileSync(`${folder}${name}.wav`, bytes);
  console.log(`${name}.wav ${bytes.length} bytes`);
}

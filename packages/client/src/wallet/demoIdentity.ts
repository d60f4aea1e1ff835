/** This browser's own demo identity: "DEMO" + 9 uppercase letters or digits (DESIGN.md section 3). */

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const SUFFIX_LENGTH = 9;
/** Largest multiple of the alphabet size below 256: bytes at or above it are redrawn, so no bias. */
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

/** Fills a byte array with randomness; the browser's crypto.getRandomValues by default. */
export type RandomFill = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array;

const cryptoFill: RandomFill = (bytes) => {
  crypto.getRandomValues(bytes);
  return bytes;
};

/** Makes a fresh demo address; only the session that registers it may use it afterwards. */
export function createDemoIdentity(fill: RandomFill = cryptoFill): string {
  let suffix = "";
  while (suffix.length < SUFFIX_LENGTH) {
    for (const byte of fill(new Uint8Array(16))) {
      if (byte < UNBIASED_LIMIT && suffix.length < SUFFIX_LENGTH) suffix += ALPHABET[byte % ALPHABET.length];
    }
  }
  return `DEMO${suffix}`;
}

/** Tells demo identities apart from Algorand addresses (which are 58 base32 characters). */
export function isDemoIdentity(address: string): boolean {
  return /^DEMO[A-Z0-9]{9}$/.test(address);
}

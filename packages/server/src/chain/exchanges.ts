/** The two decentralised exchanges where AMINA is bought (SPEC.md section 1), linked for the asset id. */

/** An exchange as the Buy AMINA card lists it. */
export interface Exchange {
  name: string;
  url: string;
}

/** Swap pages on Tinyman and Pact for ALGO -> the asset. */
export function exchangesFor(assetId: number): Exchange[] {
  return [
    { name: "Tinyman", url: `https://app.tinyman.org/#/swap?asset_in=0&asset_out=${assetId}` },
    { name: "Pact", url: `https://app.pact.fi/swap?asset_in=0&asset_out=${assetId}` },
  ];
}

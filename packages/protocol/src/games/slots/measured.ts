/**
 * The RTP of Cosmic Chaos as measured by the simulator, so the catalogue's house edge is the one the
 * published runs show (packages/protocol/RTP.md has the commands and confidence intervals).
 */
export const SLOTS_SIMULATED_RTP = {
  baseGame: 0.95998, // 10^8 paid spins, triggered free spins included: 95.998% ± 0.127%
  bonusBuy: 0.96005, // 2 x 10^6 bought bonuses, per 100x price: 96.005% ± 0.079%
};

/**
 * The RTP of Cosmic Chaos as measured by the simulator (packages/protocol/RTP.md gives the runs and
 * their confidence intervals); the catalogue's house edge comes from here.
 */
export const SLOTS_SIMULATED_RTP = {
  baseGame: 0.96, // paid spins, triggered free spins included
  bonusBuy: 0.96, // 10 free spins at 3x per 100x price
};

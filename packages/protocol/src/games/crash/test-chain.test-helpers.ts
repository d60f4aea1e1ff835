/**
 * The fixed test chain of docs/FAIRNESS.md's worked examples: 2,000 hashes from the secret last
 * hash SHA-256("supernova test chain"), salted with SHA-256("simulated algorand block 1000").
 */
export const TEST_CHAIN = {
  lastHash: "4f11b58682eeeb370a7eb8bea42e331f87648f56c211d5b563d2178d08a36db2",
  length: 2000,
  terminal: "01796b19c131160d5b4b8ee2a63602005a4e6e9e589d33e039c028ccc616a5aa",
  salt: "9c3bd9be2bdfc40d3f38ab3d552719b7d9bc0f361f15e634f21e7819fc43b5b3",
  rounds: [
    { round: 1, hash: "3ecf28f7dad7da4485ba4d9fa39fedf676da8129fc0089a965f8dd727ea7e949", crashPoint: 502 },
    { round: 2, hash: "619557b9a047ecc35213bc8d57f36af18b2a3cbace303ba51a578db65365191f", crashPoint: 304 },
    { round: 3, hash: "a0abb2bf4539610bd26aa2fba7d9536640041f75b2b42cdb0dad42220663b864", crashPoint: 381 },
    { round: 4, hash: "88eb9f18fa28c8c30cee77be15316658df7e0f2231887dbb08eb634f12c0d6a2", crashPoint: 134 },
    { round: 5, hash: "31bf68ce761c56e01a4eb8547923c9d57da60e6a26dc2af1fdc3244c45abe597", crashPoint: 6117 },
  ],
} as const;

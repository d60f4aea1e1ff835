/** The operator's login, kept in memory only (never in storage): a reload locks the dashboard again. */
import { atom } from "jotai";

/** The bearer token and its expiry, or null while locked. */
export type OperatorSession = { token: string; expiresAt: string };

/** The current operator login. */
export const operatorSessionAtom = atom<OperatorSession | null>(null);

/**
 * Cluster detection on the 5x5 grid: groups of orthogonally connected cells holding the same symbol.
 * Works on symbol indexes so the simulation of 10^8 spins stays fast.
 */
import { MIN_CLUSTER_SIZE, SLOT_CELLS, SLOT_COLS, SLOT_ROWS } from "./symbols.ts";

/** The orthogonal neighbours of every cell, computed once. */
const NEIGHBOURS: readonly (readonly number[])[] = Array.from({ length: SLOT_CELLS }, (_, cell) => {
  const row = Math.floor(cell / SLOT_COLS);
  const col = cell % SLOT_COLS;
  const around: number[] = [];
  if (row > 0) around.push(cell - SLOT_COLS);
  if (col > 0) around.push(cell - 1);
  if (col < SLOT_COLS - 1) around.push(cell + 1);
  if (row < SLOT_ROWS - 1) around.push(cell + SLOT_COLS);
  return around;
});

/** A paying group: its symbol index and its cells in ascending order. */
export interface CellCluster {
  symbol: number;
  cells: number[];
}

/**
 * Finds every cluster of at least MIN_CLUSTER_SIZE equal, connected cells, ordered by their first
 * cell; cells of the `excluded` symbol (the scatter) never form clusters.
 */
export function findClusters(grid: ArrayLike<number>, excluded: number): CellCluster[] {
  const seen = new Uint8Array(SLOT_CELLS);
  const stack = new Int8Array(SLOT_CELLS);
  const clusters: CellCluster[] = [];
  for (let start = 0; start < SLOT_CELLS; start++) {
    const symbol = grid[start]!;
    if (seen[start] || symbol === excluded) continue;
    seen[start] = 1;
    let top = 0;
    let size = 0;
    stack[top++] = start;
    while (top > 0) {
      const cell = stack[--top]!;
      size++;
      for (const next of NEIGHBOURS[cell]!) {
        if (!seen[next] && grid[next] === symbol) {
          seen[next] = 1;
          stack[top++] = next;
        }
      }
    }
    if (size >= MIN_CLUSTER_SIZE) clusters.push({ symbol, cells: collectCluster(grid, start, symbol) });
  }
  return clusters;
}

/** The cells of the cluster containing `start`, ascending (only called for paying clusters). */
function collectCluster(grid: ArrayLike<number>, start: number, symbol: number): number[] {
  const inCluster = new Uint8Array(SLOT_CELLS);
  const pending = [start];
  inCluster[start] = 1;
  while (pending.length > 0) {
    const cell = pending.pop()!;
    for (const next of NEIGHBOURS[cell]!) {
      if (!inCluster[next] && grid[next] === symbol) {
        inCluster[next] = 1;
        pending.push(next);
      }
    }
  }
  const cells: number[] = [];
  for (let cell = 0; cell < SLOT_CELLS; cell++) if (inCluster[cell]) cells.push(cell);
  return cells;
}

/** The warp's stars as plain data: a 3-D field flying at the viewer, projected to streaks. */

/** One star: position on the unit square and depth (1 far, 0 at the viewer); pz is last frame's depth. */
export type Star = { x: number; y: number; z: number; pz: number };

/** One projected streak in screen pixels, with its brightness and thickness. */
export type Streak = { x1: number; y1: number; x2: number; y2: number; alpha: number; width: number };

/** Creates `count` stars spread through the field's depth. */
export function createStars(count: number, random: () => number): Star[] {
  return Array.from({ length: count }, () => {
    const z = 0.05 + random() * 0.95;
    return { x: random() * 2 - 1, y: random() * 2 - 1, z, pz: z };
  });
}

/** Depth travelled per 60 fps frame at full speed. */
const FULL_SPEED_DEPTH_PER_FRAME = 0.045;
const NEAREST_DEPTH = 0.02;

/**
 * Moves every star toward the viewer (in place: this runs every frame for hundreds of stars) and
 * respawns the ones that passed, far away at a new position.
 */
export function advanceStars(stars: Star[], speed: number, frameMs: number, random: () => number): void {
  const step = (FULL_SPEED_DEPTH_PER_FRAME * speed * frameMs) / (1000 / 60) + 0.0005;
  for (const star of stars) {
    star.pz = star.z;
    star.z -= step;
    if (star.z <= NEAREST_DEPTH) {
      star.x = random() * 2 - 1;
      star.y = random() * 2 - 1;
      star.z = 1;
      star.pz = 1;
    }
  }
}

/** Projects a star to the screen: a streak from last frame's depth to this one's, brighter when near. */
export function projectStar(star: Star, width: number, height: number): Streak {
  const cx = width / 2;
  const cy = height / 2;
  const focal = Math.max(width, height) * 0.5;
  const x2 = cx + (star.x / star.z) * focal;
  const y2 = cy + (star.y / star.z) * focal;
  const x1 = cx + (star.x / star.pz) * focal;
  const y1 = cy + (star.y / star.pz) * focal;
  const nearness = 1 - star.z;
  return { x1, y1, x2, y2, alpha: 0.25 + 0.75 * nearness, width: 0.6 + 2.4 * nearness * nearness };
}

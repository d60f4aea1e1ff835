import { describe, expect, it } from "vitest";
import { createSeededRandom } from "../ui/starShadows.ts";
import { advanceStars, createStars, projectStar } from "./starField.ts";

describe("star field", () => {
  it("moves stars toward the viewer faster at higher speed", () => {
    const slow = createStars(50, createSeededRandom(5));
    const fast = createStars(50, createSeededRandom(5));
    advanceStars(slow, 0.1, 16, createSeededRandom(1));
    advanceStars(fast, 1, 16, createSeededRandom(1));
    const travelled = (stars: typeof slow) => stars.reduce((sum, star) => sum + (star.pz - star.z), 0);
    expect(travelled(fast)).toBeGreaterThan(travelled(slow) * 5);
  });

  it("respawns stars that reach the viewer far away", () => {
    const stars = [{ x: 0.5, y: 0.5, z: 0.021, pz: 0.03 }];
    advanceStars(stars, 1, 16, createSeededRandom(2));
    expect(stars[0]!.z).toBe(1);
    expect(stars[0]!.pz).toBe(1);
  });

  it("projects a streak pointing away from the centre, longer when near", () => {
    const far = projectStar({ x: 0.5, y: 0.5, z: 0.9, pz: 0.95 }, 800, 600);
    const near = projectStar({ x: 0.5, y: 0.5, z: 0.1, pz: 0.15 }, 800, 600);
    expect(far.x2).toBeGreaterThan(far.x1);
    expect(near.x2 - near.x1).toBeGreaterThan(far.x2 - far.x1);
    expect(near.alpha).toBeGreaterThan(far.alpha);
  });
});

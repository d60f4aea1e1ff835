import { describe, expect, it } from "vitest";
import { forcedPreference, preferenceForGpu } from "./scenePreference.ts";

describe("the game scenes' renderer", () => {
  it.each([
    [
      "ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)",
      "canvas",
    ],
    ["llvmpipe (LLVM 15.0.6, 256 bits)", "canvas"],
    ["ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)", "webgl"],
    ["Apple M2", "webgl"],
    [null, "canvas"],
  ])("GPU %s -> %s", (gpu, expected) => {
    expect(preferenceForGpu(gpu)).toBe(expected);
  });

  it("a ?renderer= parameter forces one", () => {
    expect(forcedPreference("?renderer=webgl")).toBe("webgl");
    expect(forcedPreference("?x=1&renderer=canvas")).toBe("canvas");
    expect(forcedPreference("?renderer=webgpu")).toBeNull();
    expect(forcedPreference("")).toBeNull();
  });
});

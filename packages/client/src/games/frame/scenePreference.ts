/**
 * Which PixiJS renderer the game scenes use: WebGL on a real GPU; canvas 2D when WebGL is missing
 * or emulated in software (SwiftShader, llvmpipe: every WebGL frame is then read back to the CPU to
 * be composited, which costs more than drawing the small boards with canvas 2D). `?renderer=webgl`
 * or `?renderer=canvas` in the page URL forces one, for comparisons.
 */

/** The renderers a scene may ask for. */
export type ScenePreference = "webgl" | "canvas";

/** Names of software WebGL implementations, as WEBGL_debug_renderer_info reports them. */
const SOFTWARE_GPUS = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/** The renderer for a GPU name (null: no WebGL at all). */
export function preferenceForGpu(gpu: string | null): ScenePreference {
  if (gpu === null) return "canvas";
  return SOFTWARE_GPUS.test(gpu) ? "canvas" : "webgl";
}

/** Reads a forced renderer from a query string, if any. */
export function forcedPreference(search: string): ScenePreference | null {
  const forced = new URLSearchParams(search).get("renderer");
  return forced === "webgl" || forced === "canvas" ? forced : null;
}

/** The GPU's name from a throwaway WebGL context, or null without WebGL. */
function readGpuName(): string | null {
  try {
    const canvas = document.createElement("canvas");
    const gl = canvas.getContext("webgl2") ?? canvas.getContext("webgl");
    if (!gl) return null;
    const info = gl.getExtension("WEBGL_debug_renderer_info");
    const name = info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER);
    gl.getExtension("WEBGL_lose_context")?.loseContext();
    return typeof name === "string" ? name : "";
  } catch {
    return null;
  }
}

let chosen: ScenePreference | null = null;

/** The renderer this browser's scenes use (decided once per page load). */
export function chooseScenePreference(): ScenePreference {
  chosen ??= forcedPreference(window.location.search) ?? preferenceForGpu(readGpuName());
  return chosen;
}

/**
 * The renderer option for @pixi/react's Application: its prop type (8.0.5) predates pixi.js 8's
 * canvas renderer, which the option passes straight through to Application.init.
 */
export function sceneRendererOptions(): { preference: "webgl" } {
  return { preference: chooseScenePreference() as "webgl" };
}

/**
 * Everything a game scene's Application is given but its size: a transparent background,
 * antialiasing, the screen's pixel density (at most 2x) and this browser's renderer.
 */
export function sceneApplicationOptions() {
  return {
    backgroundAlpha: 0,
    antialias: true,
    autoDensity: true,
    resolution: Math.min(2, window.devicePixelRatio || 1),
    ...sceneRendererOptions(),
  };
}

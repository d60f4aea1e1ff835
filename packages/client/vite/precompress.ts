/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the client build, so the
 * casino server sends compressed bytes without compressing on each request.
 */
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join, sep } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";
import { PRERENDERED_DIR } from "./prerender.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The built files worth compressing (source maps are left out: only developer tools fetch them). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|wasm)$/;
/** Files smaller than this gain nothing from a compressed copy. */
const MIN_BYTES = 512;

/** Every file below `dir`, as paths relative to the filesystem root. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Writes `file.br` and `file.gz` for one file; brotli at its best quality, gzip at level 9. */
export async function compressFile(file: string): Promise<void> {
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}

/**
 * Compresses every compressible file of at least MIN_BYTES below `dir`, but for the folders named in
 * `skipped` (whose writer compresses them itself); returns how many.
 */
export async function precompressDir(dir: string, skipped: string[] = []): Promise<number> {
  const files = [];
  for (const file of await listFiles(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    if (skipped.some((folder) => file.startsWith(join(dir, folder, sep)))) continue;
    if ((await stat(file)).size >= MIN_BYTES) files.push(file);
  }
  await Promise.all(files.map(compressFile));
  return files.length;
}

/** A vite plugin that precompresses the output folder once the bundle is written. */
export function precompress(): Plugin {
  let outDir = "dist";
  let skip = false;
  return {
    name: "casino-precompress",
    apply: "build",
    configResolved(config) {
      skip = Boolean(config.build.ssr);
      outDir = config.build.outDir.startsWith("/")
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      // The server-side build (of the prerendered pages) is never served.
      if (!skip) await precompressDir(outDir, [PRERENDERED_DIR]);
    },
  };
}

// Writes a brotli (.br) and a gzip (.gz) copy next to every text asset of a web build, so the
// server sends compressed bytes without compressing on each request (@fastify/static
// `preCompressed` picks the copy the client's Accept-Encoding allows). A copy that would not be
// smaller than its file is not written. Usage: node scripts/precompress.mjs <dist folder>
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

export function compressBrotli(data) {
  return brotliCompressSync(data, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
}

export const compressGzip = (data) => gzipSync(data, { level: 9 });

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Compresses every text asset under `dir`; returns how many copies it wrote. */
export function precompressDir(dir) {
  let written = 0;
  for (const file of [...files(dir)]) {
    // index.html is not sent as it is: the server fills in the project header and compresses it then.
    if (!COMPRESSIBLE.test(file) || path.relative(dir, file) === "index.html") continue;
    const data = readFileSync(file);
    for (const [ext, compress] of [
      [".br", compressBrotli],
      [".gz", compressGzip],
    ]) {
      const copy = compress(data);
      if (copy.length < data.length) {
        writeFileSync(file + ext, copy);
        written++;
      } else rmSync(file + ext, { force: true });
    }
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(process.argv[2] ?? "dist");
  if (!statSync(dir).isDirectory()) throw new Error(`${dir} is not a folder`);
  const started = performance.now();
  const written = precompressDir(dir);
  console.log(`precompressed ${dir}: ${written} copies in ${Math.round(performance.now() - started)} ms`);
}

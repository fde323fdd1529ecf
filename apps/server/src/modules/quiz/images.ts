import { readFile } from "node:fs/promises";
import path from "node:path";
import { notFound } from "../../lib/http-error.ts";
import { CONTENT_DIR } from "../../paths.ts";

/** The pictures questions show (content/images): only our own SVG and PNG files, by a strict name. */
export const IMAGE_NAME = /^[a-z0-9-]+\.(svg|png)$/;

export async function contentImage(file: string): Promise<{ body: Buffer; type: string }> {
  if (!IMAGE_NAME.test(file)) throw notFound("No such image");
  try {
    const body = await readFile(path.join(CONTENT_DIR, "images", file));
    return { body, type: file.endsWith(".svg") ? "image/svg+xml" : "image/png" };
  } catch {
    throw notFound("No such image");
  }
}

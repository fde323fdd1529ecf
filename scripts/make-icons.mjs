// Draws the app's install icons (apps/web/public/icons/) from its favicon with Debian's chromium:
//   node scripts/make-icons.mjs
// "any" icons are the favicon at 192 and 512 px; the "maskable" one keeps the mark inside the
// middle 80 % on the brand colour, as launchers crop it to a circle or a rounded square.
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright";

const root = path.resolve(import.meta.dirname, "..");
const svg = readFileSync(path.join(root, "apps/web/public/favicon.svg"), "utf8");
const out = path.join(root, "apps/web/public/icons");
mkdirSync(out, { recursive: true });

const page = (size, maskable) => `<!doctype html><html><body style="margin:0;background:${maskable ? "#b91c1c" : "transparent"}">
  <div style="width:${size}px;height:${size}px;display:grid;place-items:center">
    <div style="width:${maskable ? size * 0.8 : size}px;height:${maskable ? size * 0.8 : size}px">${svg.replace("<svg ", '<svg width="100%" height="100%" ')}</div>
  </div></body></html>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const [name, size, maskable] of [
  ["icon-192.png", 192, false],
  ["icon-512.png", 512, false],
  ["icon-maskable-512.png", 512, true],
]) {
  const tab = await browser.newPage({ viewport: { width: size, height: size } });
  await tab.setContent(page(size, maskable));
  await tab.screenshot({ path: path.join(out, name), omitBackground: !maskable });
  await tab.close();
  console.log(`apps/web/public/icons/${name}`);
}
await browser.close();

/**
 * Loaded into a journey's own server (`node --import`): moves the server's clock forward by the
 * milliseconds written in the file SERVER_CLOCK_FILE names, read again whenever it changes. What
 * `page.clock` does for the browser, for the server: a journey can come back "a day later" to
 * find its spaced reviews due, against the real server and database. Timers are left alone.
 */
import { readFileSync, watchFile } from "node:fs";

const file = process.env.SERVER_CLOCK_FILE;
let offset = 0;
function read() {
  try {
    offset = Number(readFileSync(file, "utf8")) || 0;
  } catch {
    offset = 0;
  }
}
if (file) {
  read();
  watchFile(file, { interval: 50 }, read).unref();
}

const RealDate = Date;
class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...args);
  }
  static now() {
    return RealDate.now() + offset;
  }
}
globalThis.Date = ShiftedDate;

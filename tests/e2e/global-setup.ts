// The journeys run the built server: build the web app and the server bundle when they are stale.
import { buildStale } from "../../scripts/build-stale.mjs";

export default function globalSetup() {
  buildStale();
}

import fp from "fastify-plugin";
import { type Hub, startRealtimeHousekeeping } from "../modules/realtime/service.ts";

/** Every minute: drop realtime events and presence older than the hub keeps. */
export const realtimePruningJob = fp<{ hub: Hub }>(async (app, { hub }) => {
  const housekeeping = startRealtimeHousekeeping(hub, (e) => app.log.warn({ err: e }, "realtime pruning failed"));
  app.addHook("onClose", async () => housekeeping.stop());
});

import type { Booking } from "@academy/contract/coaching";
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { COACHING } from "./keys";

/** The signed-in coach's sessions between two instants. */
export const fetchCoachWeek = async (from: string, to: string) =>
  (await unwrap(api.get<{ list: Booking[] }>("/v2/api/lambda/scheduling/coach/week", { query: { from, to } }))).list;

export const useCoachWeek = (from: string, to: string) =>
  useQuery({ queryKey: [COACHING, "week", from, to], queryFn: () => fetchCoachWeek(from, to) });

import type { CoachWeekResponse } from "@academy/contract/coaching";
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { coachingKeys } from "./keys";

/** The signed-in coach's sessions and working hours between two instants. */
export const fetchCoachWeek = async (from: string, to: string) => {
  const { list, hours, taking_bookings } = await unwrap(
    api.get<CoachWeekResponse>("/v2/api/lambda/scheduling/coach/week", { query: { from, to } }),
  );
  return { list, hours, takingBookings: taking_bookings };
};

export const useCoachWeek = (from: string, to: string) =>
  useQuery({ queryKey: coachingKeys.week(from, to), queryFn: () => fetchCoachWeek(from, to) });

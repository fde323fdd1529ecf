import type { SchedulingSchedulesResponse } from "@academy/contract/coaching";
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { coachingKeys } from "./keys";

/** The open slots of one of the viewer's days. */
export const fetchDaySlots = async (coachId: number, date: string, tz: string) =>
  (await unwrap(api.post<Answer<typeof SchedulingSchedulesResponse>>("/v2/api/lambda/scheduling/schedules", { userId: coachId, date, tz })))
    .list;

export const useDaySlots = (coachId: number | null, date: string | null, tz: string) =>
  useQuery({
    queryKey: coachingKeys.slots(coachId, date, tz),
    queryFn: () => fetchDaySlots(coachId!, date!, tz),
    enabled: coachId !== null && date !== null,
  });

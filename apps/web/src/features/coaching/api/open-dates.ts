import type { SchedulingDatesResponse } from "@academy/contract/coaching";
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { coachingKeys } from "./keys";

/** The days of `month` ("2026-12") with an open slot of the coach, in the viewer's zone. */
export const fetchOpenDates = async (coachId: number, month: string, tz: string) =>
  (await unwrap(api.post<Answer<typeof SchedulingDatesResponse>>("/v2/api/lambda/scheduling/dates", { userId: coachId, date: month, tz })))
    .list;

export const useOpenDates = (coachId: number | null, month: string, tz: string) =>
  useQuery({
    queryKey: coachingKeys.dates(coachId, month, tz),
    queryFn: () => fetchOpenDates(coachId!, month, tz),
    enabled: coachId !== null,
  });

import type { LearnerBriefResponse } from "@academy/contract/coaching";
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { coachingKeys } from "./keys";

export const fetchLearnerBrief = async (bookingId: number) =>
  (await unwrap(api.get<Answer<typeof LearnerBriefResponse>>(`/v2/api/lambda/scheduling/bookings/${bookingId}/learner`))).model;

export const useLearnerBrief = (bookingId: number) =>
  useQuery({ queryKey: coachingKeys.learner(bookingId), queryFn: () => fetchLearnerBrief(bookingId) });

import type { LearnerBrief } from "@academy/contract/coaching";
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { BOOKINGS } from "./keys";

export const fetchLearnerBrief = async (bookingId: number) =>
  (await unwrap(api.get<{ model: LearnerBrief }>(`/v2/api/lambda/scheduling/bookings/${bookingId}/learner`))).model;

export const useLearnerBrief = (bookingId: number) =>
  useQuery({ queryKey: [BOOKINGS, "learner", bookingId], queryFn: () => fetchLearnerBrief(bookingId) });

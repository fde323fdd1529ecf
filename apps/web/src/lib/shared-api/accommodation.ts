import { formatFactor } from "@academy/contract/accommodation-terms";
import type { OwnAccommodation, OwnAccommodationResponse } from "@academy/contract/accommodations";
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../api-client";
import type { Answer } from "../contract";
import { profileKeys } from "./profile";

// The candidate's own exam accommodation: the start screens of timed quizzes and mock exams say
// what it gives them before they start (the mock exam in the quiz feature, a timed quiz in onboarding).

/** GET /v2/api/lambda/profile/accommodation: the accommodation in force, or null. */
export function useOwnAccommodationQuery() {
  return useQuery({
    queryKey: profileKeys.accommodation,
    queryFn: async () => (await unwrap(api.get<Answer<typeof OwnAccommodationResponse>>("/v2/api/lambda/profile/accommodation"))).model,
    staleTime: 0,
  });
}

/** The answering minutes a timed quiz of `minutes` gives under the accommodation, as the server counts them (breaks stop the clock apart). */
export function minutesWith(minutes: number, accommodation: OwnAccommodation | null | undefined): number {
  if (!accommodation) return minutes;
  return Math.round(minutes * accommodation.extra_time_factor);
}

/**
 * "180 minutes with your extra time (×1.5; usually 120)", with "and 10 minutes of breaks that stop
 * the clock" when it has breaks, or "120 minutes" without an accommodation.
 */
export function describeTime(minutes: number, accommodation: OwnAccommodation | null | undefined): string {
  if (!accommodation) return `${minutes} minutes`;
  const breaks = accommodation.break_minutes ? `, and ${accommodation.break_minutes} minutes of breaks that stop the clock` : "";
  return `${minutesWith(minutes, accommodation)} minutes with your extra time (${formatFactor(accommodation.extra_time_factor)}; usually ${minutes})${breaks}`;
}

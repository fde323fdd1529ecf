import type { CoachListResponse } from "@academy/contract/coaching";
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { coachingKeys } from "./keys";

export const fetchCoaches = async () => (await unwrap(api.get<Answer<typeof CoachListResponse>>("/v2/api/lambda/scheduling/coaches"))).list;

export const useCoaches = () => useQuery({ queryKey: coachingKeys.coaches, queryFn: fetchCoaches });

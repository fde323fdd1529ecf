import type { MyCoachingResponse } from "@academy/contract/coaching";
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { coachingKeys } from "./keys";

export const fetchMyCoaching = () => unwrap(api.get<MyCoachingResponse>("/v2/api/lambda/scheduling/my"));

export const useMyCoaching = () => useQuery({ queryKey: coachingKeys.my, queryFn: fetchMyCoaching });

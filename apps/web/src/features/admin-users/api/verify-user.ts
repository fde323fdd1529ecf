import type { MessageResponse } from "@academy/contract/common";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { userKeys } from "./get-user-overview";

/** POST /v2/api/lambda/verify/user {user_id}: staff mark an account's email as confirmed. */
export function useMarkEmailConfirmed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => unwrap(api.post<Answer<typeof MessageResponse>>("/v2/api/lambda/verify/user", { user_id: userId })),
    // The list, the open panel's row and its overview all show the status.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** POST /v2/api/lambda/verify/user/resend {user_id}: staff mail a new confirmation link to an account's address. */
export function useResendConfirmation() {
  return useMutation({
    mutationFn: (userId: number) =>
      unwrap(api.post<Answer<typeof MessageResponse>>("/v2/api/lambda/verify/user/resend", { user_id: userId })),
  });
}

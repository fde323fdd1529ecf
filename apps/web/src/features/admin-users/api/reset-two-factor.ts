import type { MessageResponse } from "@academy/contract/common";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { showToast } from "../../../components/ui/toast";
import { api, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { userKeys } from "./get-user-overview";

/** POST /v2/api/lambda/admin/users/{id}/two-factor/reset: staff reset another person's two-factor sign-in. */
export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: { userId: number; email: string }) =>
      unwrap(api.post<Answer<typeof MessageResponse>>(`/v2/api/lambda/admin/users/${userId}/two-factor/reset`, {})),
    onSuccess: (_answer, { email }) => {
      // Said here rather than by the button: the refreshed row no longer shows the button.
      showToast(`Two-factor sign-in of ${email} was reset`);
      // The list and the open panel's row show whether it is on.
      return queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}

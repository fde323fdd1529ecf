import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";

/** POST /v2/api/lambda/admin/users/{id}/two-factor/reset: staff reset another person's two-factor sign-in. */
export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => unwrap(api.post<{ message: string }>(`/v2/api/lambda/admin/users/${userId}/two-factor/reset`, {})),
    // The list and the open panel's row show whether it is on.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["users"] }),
  });
}

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { isErrorBody, toFormError } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth-store";
import { profileKeys } from "../../../lib/shared-api/profile";

/** Field errors of one of the profile's forms, by field name. */
export type Errors = Record<string, string | undefined>;
/** The errors, message and pending flag of one of the profile's forms. */
export function useFormState() {
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | undefined>();
  const [isPending, setIsPending] = useState(false);
  return { errors, setErrors, message, setMessage, isPending, setIsPending };
}

/** Runs a call that answers success or an error body, and spreads the failure into the form. */
export async function submit<T>(
  state: ReturnType<typeof useFormState>,
  call: () => Promise<T>,
  fields: readonly string[],
): Promise<Exclude<T, { error: true }> | undefined> {
  state.setIsPending(true);
  state.setMessage(undefined);
  try {
    const answer = await call();
    if (isErrorBody(answer)) throw answer;
    state.setErrors({});
    return answer as Exclude<T, { error: true }>;
  } catch (failure) {
    const { message, fields: byField } = toFormError(failure);
    const placed = Object.fromEntries(fields.map((f) => [f, byField[f] && byField[f] !== message ? byField[f] : undefined]));
    state.setErrors(placed);
    state.setMessage(message);
    return undefined;
  } finally {
    state.setIsPending(false);
  }
}

/** After a change to one's account: the session shows the new name, photo or token, and the profile is read again. */
export function useRefreshSession() {
  const { state, dispatch } = useAuth();
  const queryClient = useQueryClient();
  return (change: { token?: string; refreshToken?: string; firstName?: string; lastName?: string; photo?: string | null }) => {
    if (state.user !== null && state.role && state.token) {
      const details = state.userDetails ?? { firstName: "", lastName: "", photo: null };
      dispatch({
        type: "LOGIN",
        payload: {
          user: state.user,
          role: state.role,
          staffRole: state.staffRole,
          token: change.token ?? state.token,
          refreshToken: change.refreshToken,
          userDetails: {
            firstName: change.firstName ?? details.firstName,
            lastName: change.lastName ?? details.lastName,
            photo: change.photo !== undefined ? change.photo : details.photo,
          },
        },
      });
    }
    return queryClient.invalidateQueries({ queryKey: profileKeys.mine });
  };
}

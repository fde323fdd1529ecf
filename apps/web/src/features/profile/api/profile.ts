import type { TwoFactorEnableResponse, UpdatePasswordResponse, UploadResponse } from "@academy/contract/auth";
import type { MessageResponse } from "@academy/contract/common";
import { api } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { uploadWithProgress } from "../../../lib/files";

type Message = Answer<typeof MessageResponse>;

/** POST profile {payload}: name, time zone, photo url. */
export const updateProfile = (payload: { first_name?: string; last_name?: string; time_zone?: string; photo?: string | null }) =>
  api.post<Message>("/v2/api/lambda/profile", { payload }, { throwOn: [401] });

/** POST upload (multipart `file`), reporting progress. */
export function uploadPhoto(file: File, onProgress: (fraction: number) => void) {
  const form = new FormData();
  form.append("file", file);
  return uploadWithProgress<UploadResponse>("/v2/api/lambda/upload", form, onProgress);
}

export const updateEmail = (email: string, currentPassword: string) =>
  api.post<Message>("/v2/api/lambda/update/email", { email, current_password: currentPassword }, { throwOn: [401] });

/** POST verify/email/resend: a new confirmation link to one's own address (409 once confirmed, 429 over the limit). */
export const resendVerification = () => api.post<Message>("/v2/api/lambda/verify/email/resend", undefined, { throwOn: [401] });

export const updatePassword = (password: string, currentPassword: string) =>
  api.post<Answer<typeof UpdatePasswordResponse>>(
    "/v2/api/lambda/update/password",
    { password, current_password: currentPassword },
    { throwOn: [401] },
  );

export const startTwoFactor = () =>
  api.post<Answer<typeof TwoFactorEnableResponse>>("/v2/api/lambda/2fa/enable", undefined, {
    throwOn: [401],
  });

export const confirmTwoFactor = (code: string) => api.post<Message>("/v2/api/lambda/2fa/authorize", { token: code }, { throwOn: [401] });

export const disableTwoFactor = (code: string) => api.post<Message>("/v2/api/lambda/2fa/disable", { token: code }, { throwOn: [401] });

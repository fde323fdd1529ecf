import type { Profile } from "@academy/contract/auth";
import { type ChangeEvent, useId, useState } from "react";
import { buttonClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { isErrorBody, toFormError } from "../../../lib/api-client";
import { updateProfile, uploadPhoto } from "../api/profile";
import { useRefreshSession } from "../hooks/use-profile-form";
import { Section } from "./section";

const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"];

export function PhotoSection({ profile }: { profile: Profile }) {
  const refresh = useRefreshSession();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  const inputId = useId();
  const initials = `${profile.first_name.at(0) ?? ""}${profile.last_name.at(0) ?? ""}`.toUpperCase() || "?";

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    setError(undefined);
    if (!file) return;
    if (!PHOTO_TYPES.includes(file.type)) {
      setError("Choose a JPEG, PNG, WebP or GIF image");
      input.value = "";
      return;
    }
    if (file.size > PHOTO_MAX_BYTES) {
      setError("Choose an image of at most 5 MB");
      input.value = "";
      return;
    }
    setProgress(0);
    try {
      const uploaded = await uploadPhoto(file, setProgress);
      if (isErrorBody(uploaded)) throw uploaded;
      const saved = await updateProfile({ photo: uploaded.url });
      if (isErrorBody(saved)) throw saved;
      await refresh({ photo: uploaded.url });
      showToast("Your photo is updated");
    } catch (failure) {
      const { message, fields } = toFormError(failure);
      setError(fields.file ?? fields.photo ?? message);
    } finally {
      setProgress(null);
      input.value = "";
    }
  };

  const onRemove = async () => {
    const saved = await updateProfile({ photo: null });
    if (isErrorBody(saved)) setError(saved.message);
    else await refresh({ photo: null });
  };

  return (
    <Section
      id="profile-photo"
      title="Photo"
      description="A clear photo of your face helps your coach recognise you. JPEG, PNG, WebP or GIF, up to 5 MB."
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        {profile.photo ? (
          <img src={profile.photo} alt="Your profile" className="size-20 rounded-full border border-slate-200 object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-20 items-center justify-center rounded-full bg-red-100 text-2xl font-semibold text-red-800"
          >
            {initials}
          </span>
        )}
        <div className="flex-1 space-y-3">
          <div className="flex flex-wrap gap-2">
            <label
              htmlFor={inputId}
              className={`${buttonClass.secondary} cursor-pointer focus-within:outline-2 focus-within:outline-red-700`}
            >
              {profile.photo ? "Change photo" : "Upload photo"}
              <input
                id={inputId}
                type="file"
                accept={PHOTO_TYPES.join(",")}
                className="sr-only"
                onChange={onChoose}
                disabled={progress !== null}
                aria-describedby={error ? `${inputId}-error` : undefined}
              />
            </label>
            {profile.photo ? (
              <button type="button" className={buttonClass.ghost} onClick={onRemove} disabled={progress !== null}>
                Remove photo
              </button>
            ) : null}
          </div>
          {progress !== null ? (
            <div>
              <progress
                className="h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-red-700"
                max={100}
                value={Math.round(progress * 100)}
                aria-label="Upload progress"
              />
              <p className="mt-1 text-xs text-slate-600" aria-live="polite">
                Uploading… {Math.round(progress * 100)}%
              </p>
            </div>
          ) : null}
          {error ? (
            <p id={`${inputId}-error`} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
      </div>
    </Section>
  );
}

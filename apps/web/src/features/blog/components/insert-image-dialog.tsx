import type { UploadResponse } from "@academy/contract/auth";
import { useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Alert } from "../../../components/ui/alert";
import { Modal } from "../../../components/ui/modal";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { isErrorBody, toFormError } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { uploadWithProgress } from "../../../lib/files";
import { photoKeys } from "../../../lib/shared-api/photos";
import { useLibraryImages } from "../api/photos";
import { ALT_TEXT_MISSING, AltTextField } from "./alt-text-field";
import { PhotoGrid } from "./photo-grid";

const IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/gif";

/**
 * Picks a picture for the post body: one from the photo library (the cover's library) or a new
 * upload, which joins the library. The writer describes it (alt text) before it goes in.
 */
export function InsertImageDialog({ onInsert, onClose }: { onInsert: (image: { src: string; alt: string }) => void; onClose: () => void }) {
  const images = useLibraryImages();
  const queryClient = useQueryClient();
  const formId = useId();
  const fileId = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const [alt, setAlt] = useState("");
  const [errors, setErrors] = useState<{ image?: string; alt?: string }>({});
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setUploadError(null);
    setProgress(0);
    const form = new FormData();
    form.append("file", file);
    try {
      const answer = await uploadWithProgress<Answer<typeof UploadResponse>>("/v2/api/lambda/upload", form, setProgress);
      if (isErrorBody(answer)) {
        setUploadError(answer.validation?.file ?? answer.message);
        return;
      }
      // The library here and on the photos screen both show the new upload.
      await Promise.all([queryClient.invalidateQueries({ queryKey: photoKeys.all })]);
      setChosen(answer.url);
      setErrors((e) => ({ ...e, image: undefined }));
    } catch (e) {
      setUploadError(toFormError(e).message);
    } finally {
      setProgress(null);
      if (fileRef.current) fileRef.current.value = "";
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The dialog sits in a portal inside the post form's component tree: the post form must not submit
    // too (Preact sends events along the DOM, where the portal is outside the form; React did not).
    event.stopPropagation();
    const next = {
      image: chosen ? undefined : "Choose an image from the library or upload one",
      alt: alt.trim() ? undefined : ALT_TEXT_MISSING,
    };
    setErrors(next);
    if (next.image || next.alt || !chosen) return;
    onInsert({ src: chosen, alt: alt.trim() });
  };

  return createPortal(
    <Modal
      title="Insert image"
      wide
      onClose={onClose}
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className={buttonClass.primary} disabled={progress !== null}>
            Insert image
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <fieldset className="min-w-0">
          <legend className="text-sm font-medium text-slate-800">Photo library</legend>
          {images.isPending ? <Spinner label="Loading the photo library…" /> : null}
          {images.isError ? <Alert>{toFormError(images.error).message}</Alert> : null}
          {images.data?.length === 0 ? <p className="mt-1 text-slate-500">The photo library has no images yet: upload one below.</p> : null}
          <PhotoGrid
            photos={images.data}
            name="body-image"
            className="mt-2 max-h-56 p-1 sm:grid-cols-4"
            isChosen={(p) => chosen === p.url}
            onChoose={(p) => {
              setChosen(p.url);
              setErrors((e) => ({ ...e, image: undefined }));
            }}
          />
          {errors.image ? (
            <p role="alert" className="mt-1 text-sm text-red-700">
              {errors.image}
            </p>
          ) : null}
        </fieldset>

        <div>
          <label htmlFor={fileId} className="block text-sm font-medium text-slate-800">
            Or upload a new image
          </label>
          <input
            ref={fileRef}
            id={fileId}
            type="file"
            accept={IMAGE_TYPES}
            disabled={progress !== null}
            onChange={(e) => void upload(e)}
            className="mt-1 block w-full text-sm"
          />
          <p className="mt-1 text-xs text-slate-500">JPEG, PNG, WebP or GIF. It joins the photo library.</p>
          {progress !== null ? (
            <progress className="mt-1 h-2 w-full accent-red-700" max={1} value={progress} aria-label="Upload progress" />
          ) : null}
          {uploadError ? <Alert>{uploadError}</Alert> : null}
        </div>

        <AltTextField value={alt} error={errors.alt} onChange={setAlt} onFilled={() => setErrors((x) => ({ ...x, alt: undefined }))} />
      </form>
    </Modal>,
    document.body,
  );
}

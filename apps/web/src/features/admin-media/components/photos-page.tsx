import type { UploadResponse } from "@academy/contract/auth";
import type { PageAnswer } from "@academy/contract/common";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Modal } from "../../../components/ui/modal";
import { PageHeader } from "../../../components/ui/page-header";
import { SidePanel } from "../../../components/ui/side-panel";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { api, isErrorBody, toFormError, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { uploadWithProgress } from "../../../lib/files";
import { useLocation, useNavigate } from "../../../lib/navigation";
import { photoKeys } from "../../../lib/shared-api/photos";

interface Photo {
  id: number;
  url: string;
  original_name: string;
  mime: string;
  size: number;
  caption: string | null;
  created_at: string;
}

const PAGE_SIZE = 24;

function formatSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function UploadPanel({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const fileId = useId();
  const captionId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) return setError("Choose an image or a PDF to upload");
    setError(null);
    setProgress(0);
    try {
      const answer = await uploadWithProgress<Answer<typeof UploadResponse>>("/v2/api/lambda/upload", form, setProgress);
      if (isErrorBody(answer)) {
        setError(answer.validation?.file ?? answer.message);
        setProgress(null);
        return;
      }
      showToast("Photo uploaded");
      await queryClient.invalidateQueries({ queryKey: photoKeys.all });
      onClose();
    } catch (e) {
      setError(toFormError(e).message);
      setProgress(null);
    }
  };
  return (
    <SidePanel
      title="Upload photo"
      description="JPEG, PNG, WebP or GIF images, or PDF documents."
      onClose={onClose}
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="upload-photo" className={buttonClass.primary} disabled={progress !== null}>
            {progress !== null ? "Uploading…" : "Upload"}
          </button>
        </>
      }
    >
      <form id="upload-photo" noValidate onSubmit={submit} className="space-y-4">
        {error ? <Alert>{error}</Alert> : null}
        <div>
          <label htmlFor={fileId} className="block text-sm font-medium text-slate-800">
            File
          </label>
          <input
            id={fileId}
            name="file"
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif,application/pdf"
            className="mt-1 block w-full text-sm"
          />
        </div>
        <div>
          <label htmlFor={captionId} className="block text-sm font-medium text-slate-800">
            Caption
          </label>
          <input
            id={captionId}
            name="caption"
            maxLength={300}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
        </div>
        {progress !== null ? (
          <div>
            <progress className="h-2 w-full accent-red-700" max={1} value={progress} aria-label="Upload progress" />
            <p className="mt-1 text-xs text-slate-600">{Math.round(progress * 100)}%</p>
          </div>
        ) : null}
      </form>
    </SidePanel>
  );
}

/** The media library: every uploaded photo, to copy into pages and CMS entries. */
export function PhotosPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<Photo | null>(null);
  const photos = useQuery({
    queryKey: photoKeys.page(page),
    queryFn: () =>
      unwrap(
        api.get<PageAnswer<Photo>>("/v4/api/records/photo", {
          query: { page: `${page},${PAGE_SIZE}`, order: "id,desc" },
        }),
      ),
    placeholderData: keepPreviousData,
  });
  const caption = useMutation({
    mutationFn: ({ id, text }: { id: number; text: string }) => unwrap(api.put(`/v4/api/records/photo/${id}`, { caption: text })),
    onSuccess: () => {
      showToast("Caption saved");
      return queryClient.invalidateQueries({ queryKey: photoKeys.all });
    },
    onError: (e) => showToast(toFormError(e).message, "error"),
  });
  const remove = useMutation({
    mutationFn: (id: number) => unwrap(api.delete(`/v2/api/lambda/photo/${id}`)),
    onSuccess: () => {
      setDeleting(null);
      showToast("Photo deleted");
      return queryClient.invalidateQueries({ queryKey: photoKeys.all });
    },
    onError: (e) => {
      setDeleting(null);
      showToast(toFormError(e).message, "error");
    },
  });
  const copy = async (url: string) => {
    const absolute = new URL(url, location.origin).toString();
    try {
      await navigator.clipboard.writeText(absolute);
      showToast("Address copied");
    } catch {
      showToast(absolute, "info");
    }
  };

  return (
    <>
      <PageHeader
        title="Photos"
        description="Images and documents uploaded for pages and CMS entries. A photo in use cannot be deleted."
        actions={
          <button type="button" className={buttonClass.primary} onClick={() => navigate("/admin/add-photo")}>
            Upload photo
          </button>
        }
      />
      {photos.isError ? (
        <Alert>{toFormError(photos.error).message}</Alert>
      ) : photos.isPending ? (
        <Spinner label="Loading photos…" />
      ) : photos.data.list.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-medium text-slate-900">No photos yet</p>
          <p className="mt-1 text-sm text-slate-600">Upload the first one.</p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {photos.data.list.map((photo) => (
            <li key={photo.id} className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
              {photo.mime.startsWith("image/") ? (
                <img
                  src={photo.url}
                  alt={photo.caption ?? photo.original_name}
                  className="aspect-video w-full bg-slate-100 object-cover"
                  loading="lazy"
                />
              ) : (
                <div className="flex aspect-video items-center justify-center bg-slate-100 text-sm font-semibold text-slate-600">PDF</div>
              )}
              <div className="space-y-2 p-3 text-sm">
                <p className="truncate font-medium text-slate-900" title={photo.original_name}>
                  {photo.original_name}
                </p>
                <p className="text-xs text-slate-500">
                  {formatSize(photo.size)} · {new Date(photo.created_at).toLocaleDateString()}
                </p>
                <label className="block">
                  <span className="sr-only">Caption of {photo.original_name}</span>
                  <input
                    defaultValue={photo.caption ?? ""}
                    placeholder="Add a caption"
                    maxLength={300}
                    onBlur={(e) => {
                      if (e.target.value !== (photo.caption ?? "")) caption.mutate({ id: photo.id, text: e.target.value });
                    }}
                    className="block w-full rounded-lg border border-slate-300 px-2 py-1.5 text-sm"
                  />
                </label>
                <div className="flex justify-between">
                  <button type="button" className={buttonClass.ghost} onClick={() => copy(photo.url)}>
                    Copy address<span className="sr-only"> of {photo.original_name}</span>
                  </button>
                  <button
                    type="button"
                    className={`${buttonClass.ghost} text-red-800`}
                    onClick={() => setDeleting(photo)}
                    aria-label={`Delete ${photo.original_name}`}
                  >
                    Delete
                  </button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
      {photos.data && photos.data.num_pages > 1 ? (
        <nav aria-label="Pages" className="mt-4 flex items-center justify-end gap-2 text-sm">
          <button type="button" className={buttonClass.secondary} disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {photos.data.num_pages}
          </span>
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={page >= photos.data.num_pages}
            onClick={() => setPage(page + 1)}
          >
            Next
          </button>
        </nav>
      ) : null}
      {pathname === "/admin/add-photo" ? <UploadPanel onClose={() => navigate("/admin/photo")} /> : null}
      {deleting ? (
        <Modal
          title={`Delete ${deleting.original_name}?`}
          onClose={() => setDeleting(null)}
          footer={
            <>
              <button type="button" className={buttonClass.secondary} onClick={() => setDeleting(null)}>
                Cancel
              </button>
              <button type="button" className={buttonClass.primary} disabled={remove.isPending} onClick={() => remove.mutate(deleting.id)}>
                Delete
              </button>
            </>
          }
        >
          <p>Pages and CMS entries that use it would lose the image, so a photo in use cannot be deleted.</p>
        </Modal>
      ) : null}
    </>
  );
}

import { lazy, Suspense, useId } from "react";
import { Spinner } from "../../../components/ui/spinner";
import { useLibraryImages } from "../api/photos";
import type { PostForm } from "../post-form";
import { PostBody } from "./post-body";

const RichTextEditor = lazy(() => import("./rich-text-editor").then((m) => ({ default: m.RichTextEditor })));

/** A labelled textarea with a hint, a length limit and its error. */
export function TextArea({
  label,
  value,
  max,
  error,
  hint,
  onChange,
}: {
  label: string;
  value: string;
  max: number;
  error?: string;
  hint?: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        maxLength={max}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
        className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-red-700 sm:text-sm ${error ? "border-red-600" : "border-slate-300"}`}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
        {hint}
      </p>
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The post's body in the rich text editor, which loads only with the editor page. */
export function BodyField({ value, error, onChange }: { value: string; error?: string; onChange: (v: string) => void }) {
  const labelId = useId();
  return (
    <div>
      <p id={labelId} className="mb-1 block text-sm font-medium text-slate-800">
        Body
      </p>
      <Suspense fallback={<Spinner label="Loading the editor…" />}>
        <RichTextEditor value={value} onChange={onChange} labelId={labelId} />
      </Suspense>
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The post as readers will see it, cover included. */
export function Preview({ form }: { form: PostForm }) {
  const images = useLibraryImages();
  const cover = images.data?.find((p) => p.id === form.cover_photo_id);
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-5 sm:p-8" aria-label="Preview" data-testid="post-preview">
      <h2 className="text-3xl font-bold tracking-tight text-slate-900">{form.title || "Untitled post"}</h2>
      {form.excerpt ? <p className="mt-2 text-lg text-slate-600">{form.excerpt}</p> : null}
      {cover ? <img src={cover.url} alt="" className="my-6 aspect-[16/9] w-full rounded-xl object-cover" /> : null}
      <div className="mt-6">{form.body ? <PostBody html={form.body} /> : <p className="text-slate-500">The body is empty.</p>}</div>
    </article>
  );
}

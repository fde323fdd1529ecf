import type { BlogPost, BlogPostStatus, SaveBlogPostRequest } from "@academy/contract/blog";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { ConfirmModal } from "../../../components/ui/confirm-modal";
import { TextField } from "../../../components/ui/form-field";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { type FieldErrors, toFormError } from "../../../lib/api-client";
import { Link, useNavigate, useParams } from "../../../lib/navigation";
import { useLibraryImages } from "../api/photos";
import { blogKeys, usePost } from "../api/posts";
import { deletePost, savePost } from "../api/save-post";
import { useCategories, useTags } from "../api/terms";
import { PhotoGrid } from "./photo-grid";
import { PostBody } from "./post-body";
import { StatusBadge } from "./status-badge";

const RichTextEditor = lazy(() => import("./rich-text-editor").then((m) => ({ default: m.RichTextEditor })));

/** How long typing pauses before a draft saves itself. */
export const AUTOSAVE_DELAY_MS = 2_000;

type Form = {
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  cover_photo_id: number | null;
  category_ids: number[];
  tag_ids: number[];
  status: BlogPostStatus;
  /** As the datetime-local input holds it (the writer's own time zone). */
  publish_at: string;
  seo_title: string;
  seo_description: string;
};

const EMPTY: Form = {
  title: "",
  slug: "",
  excerpt: "",
  body: "",
  cover_photo_id: null,
  category_ids: [],
  tag_ids: [],
  status: "draft",
  publish_at: "",
  seo_title: "",
  seo_description: "",
};

const pad = (n: number) => String(n).padStart(2, "0");
/** An ISO time as a datetime-local value in the browser's time zone. */
function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function formOf(post: BlogPost): Form {
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt,
    body: post.body,
    cover_photo_id: post.cover_photo_id,
    category_ids: post.categories.map((c) => c.id),
    tag_ids: post.tags.map((t) => t.id),
    status: post.status,
    publish_at: post.status === "published" ? "" : toLocalInput(post.publish_at),
    seo_title: post.seo_title,
    seo_description: post.seo_description,
  };
}

function requestOf(form: Form): SaveBlogPostRequest {
  return {
    title: form.title.trim(),
    slug: form.slug.trim(),
    excerpt: form.excerpt,
    body: form.body,
    cover_photo_id: form.cover_photo_id,
    category_ids: form.category_ids,
    tag_ids: form.tag_ids,
    status: form.status,
    publish_at: form.status === "scheduled" && form.publish_at ? new Date(form.publish_at).toISOString() : null,
    seo_title: form.seo_title,
    seo_description: form.seo_description,
  };
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });

type SaveState = { kind: "idle" } | { kind: "saving" } | { kind: "saved"; at: Date } | { kind: "error"; message: string };

/** /admin/blog/new and /admin/blog/edit/:id: write a post, preview it, save drafts as you type, publish or schedule. */
export function PostEditorPage() {
  const { id: idParam } = useParams();
  const existingId = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const loaded = usePost(existingId ? String(existingId) : undefined);
  const [form, setForm] = useState<Form | null>(existingId ? null : EMPTY);
  const [savedStatus, setSavedStatus] = useState<BlogPostStatus | null>(null);
  const [savedSlug, setSavedSlug] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saveState, setSaveState] = useState<SaveState>({ kind: "idle" });
  const [tab, setTab] = useState<"write" | "preview">("write");
  const [isSlugEdited, setIsSlugEdited] = useState(!!existingId);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const idRef = useRef<number | null>(existingId);
  const lastSaved = useRef<string>(JSON.stringify(requestOf(EMPTY)));
  const inFlight = useRef<Promise<unknown>>(Promise.resolve());

  // The post arrives once; the form is the writer's from then on.
  useEffect(() => {
    const post = loaded.data?.model;
    if (post && form === null) {
      const initial = formOf(post);
      setForm(initial);
      setSavedStatus(post.status);
      setSavedSlug(post.slug);
      lastSaved.current = JSON.stringify(requestOf(initial));
    }
  }, [loaded.data, form]);

  const save = useCallback(
    (current: Form, opts: { isAutosave: boolean }) => {
      const body = requestOf(current);
      const run = inFlight.current.then(async () => {
        setSaveState({ kind: "saving" });
        try {
          const post = await savePost(idRef.current, body);
          lastSaved.current = JSON.stringify(body);
          const isNew = idRef.current === null;
          idRef.current = post.id;
          setSavedStatus(post.status);
          setSavedSlug(post.slug);
          setErrors({});
          setFormError(null);
          setSaveState({ kind: "saved", at: new Date() });
          // The server may have filled the slug in or cleaned the body: keep the form in step.
          setForm((f) => (f ? { ...f, slug: f.slug || post.slug } : f));
          setIsSlugEdited(true);
          queryClient.setQueryData(blogKeys.post(String(post.id)), (old: { related: unknown[] } | undefined) => ({
            error: false,
            model: post,
            related: old?.related ?? [],
          }));
          void queryClient.invalidateQueries({ queryKey: blogKeys.all, predicate: (q) => q.queryKey[1] !== "post" });
          if (!opts.isAutosave)
            showToast(post.status === "draft" ? "Draft saved" : post.status === "scheduled" ? "Post scheduled" : "Post published");
          if (isNew) {
            // The layout moves focus to the page on every path change; a writer mid-sentence keeps their place.
            const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            const scrollY = window.scrollY;
            navigate(`/admin/blog/edit/${post.id}`, { replace: true });
            requestAnimationFrame(() => {
              active?.focus({ preventScroll: true });
              window.scrollTo(0, scrollY);
            });
          }
        } catch (e) {
          const failure = toFormError(e);
          setErrors(failure.fields);
          setFormError(failure.message);
          setSaveState({ kind: "error", message: failure.message });
        }
      });
      inFlight.current = run;
      return run;
    },
    [navigate, queryClient],
  );

  // Autosave: a draft (never a live post) saves itself once typing pauses.
  const isDirty = form !== null && JSON.stringify(requestOf(form)) !== lastSaved.current;
  const canAutosave =
    form !== null && form.status === "draft" && (savedStatus === null || savedStatus === "draft") && form.title.trim() !== "";
  useEffect(() => {
    if (!form || !isDirty || !canAutosave) return;
    const timer = window.setTimeout(() => void save(form, { isAutosave: true }), AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [form, isDirty, canAutosave, save]);

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!isDirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [isDirty]);

  if (existingId && loaded.isPending) return <Spinner label="Loading the post…" />;
  if (existingId && loaded.isError)
    return (
      <div className="space-y-4">
        <Alert>{toFormError(loaded.error).message}</Alert>
        <Link to="/admin/blog" className={linkClass}>
          Back to the posts
        </Link>
      </div>
    );
  if (!form) return <Spinner />;

  const set = <K extends keyof Form>(key: K, value: Form[K]) =>
    setForm((f) => {
      if (!f) return f;
      const next = { ...f, [key]: value };
      if (key === "title" && !isSlugEdited) next.slug = slugify(String(value));
      return next;
    });
  const toggle = (key: "category_ids" | "tag_ids", id: number) =>
    set(key, form[key].includes(id) ? form[key].filter((x) => x !== id) : [...form[key], id]);

  const primaryLabel =
    form.status === "draft"
      ? "Save draft"
      : form.status === "scheduled"
        ? "Schedule"
        : savedStatus === "published"
          ? "Update post"
          : "Publish";

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={existingId ? "Edit post" : "New post"}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            {savedStatus ? <StatusBadge status={savedStatus} /> : <span>Not saved yet.</span>}
            <SaveStatus state={saveState} isDirty={isDirty} canAutosave={canAutosave} />
          </span>
        }
        actions={
          <Link to="/admin/blog" className={buttonClass.secondary}>
            All posts
          </Link>
        }
      />

      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save(form, { isAutosave: false });
        }}
        className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]"
      >
        <div className="min-w-0 space-y-5">
          {formError ? <Alert>{formError}</Alert> : null}
          <div role="tablist" aria-label="Editor view" className="inline-flex rounded-lg border border-slate-300 bg-white p-1">
            {(["write", "preview"] as const).map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                aria-selected={tab === t}
                onClick={() => setTab(t)}
                className={`rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-red-700 ${tab === t ? "bg-red-700 text-white" : "text-slate-700"}`}
              >
                {t === "write" ? "Write" : "Preview"}
              </button>
            ))}
          </div>

          {tab === "preview" ? (
            <Preview form={form} />
          ) : (
            <div className="space-y-5">
              <TextField
                label="Title"
                name="title"
                value={form.title}
                onChange={(e) => set("title", e.target.value)}
                maxLength={200}
                error={errors.title}
                required
              />
              <TextField
                label="Address"
                name="slug"
                value={form.slug}
                onChange={(e) => {
                  setIsSlugEdited(true);
                  set("slug", e.target.value.toLowerCase());
                }}
                maxLength={80}
                error={errors.slug}
                hint={`The post's address: /blog/${form.slug || "…"}`}
              />
              <TextArea
                label="Excerpt"
                value={form.excerpt}
                max={500}
                error={errors.excerpt}
                hint="One or two sentences shown in lists and the feed."
                onChange={(v) => set("excerpt", v)}
              />
              <BodyField value={form.body} error={errors.body} onChange={(v) => set("body", v)} />
            </div>
          )}
        </div>

        <aside className="min-w-0 space-y-5">
          <fieldset className="space-y-2 min-w-0 rounded-xl border border-slate-200 bg-white p-4">
            <legend className="px-1 text-sm font-semibold text-slate-900">Publishing</legend>
            {(
              [
                ["draft", "Draft", "Only staff can see it."],
                ["published", "Published", "Public now."],
                ["scheduled", "Scheduled", "Goes public at the time you choose."],
              ] as const
            ).map(([value, label, hint]) => (
              <label key={value} className="flex items-start gap-2 text-sm">
                <input
                  type="radio"
                  name="status"
                  value={value}
                  checked={form.status === value}
                  onChange={() => set("status", value)}
                  className="mt-1"
                />
                <span>
                  <span className="font-medium text-slate-900">{label}</span>
                  <span className="block text-slate-500">{hint}</span>
                </span>
              </label>
            ))}
            {form.status === "scheduled" ? (
              <TextField
                label="Goes public at"
                name="publish_at"
                type="datetime-local"
                value={form.publish_at}
                onChange={(e) => set("publish_at", e.target.value)}
                error={errors.publish_at}
                hint="In your own time zone."
              />
            ) : null}
            <div className="flex flex-col gap-2 pt-2">
              <button type="submit" className={buttonClass.primary} disabled={saveState.kind === "saving"}>
                {primaryLabel}
              </button>
              {savedSlug && savedStatus ? (
                <Link to={`/blog/${savedSlug}`} className={buttonClass.secondary}>
                  {savedStatus === "published" ? "View on the blog" : "Open as readers will see it"}
                </Link>
              ) : null}
              {idRef.current ? (
                <button type="button" className={`${buttonClass.ghost} text-red-800`} onClick={() => setIsConfirmingDelete(true)}>
                  Delete post
                </button>
              ) : null}
            </div>
          </fieldset>

          <TermPicker
            title="Categories"
            kind="category_ids"
            selected={form.category_ids}
            error={errors.category_ids}
            onToggle={(id) => toggle("category_ids", id)}
          />
          <TermPicker title="Tags" kind="tag_ids" selected={form.tag_ids} error={errors.tag_ids} onToggle={(id) => toggle("tag_ids", id)} />
          <CoverPicker value={form.cover_photo_id} error={errors.cover_photo_id} onChange={(v) => set("cover_photo_id", v)} />

          <fieldset className="space-y-3 min-w-0 rounded-xl border border-slate-200 bg-white p-4">
            <legend className="px-1 text-sm font-semibold text-slate-900">Search engines</legend>
            <TextField
              label="SEO title"
              name="seo_title"
              value={form.seo_title}
              onChange={(e) => set("seo_title", e.target.value)}
              maxLength={70}
              error={errors.seo_title}
              hint={`${form.seo_title.length}/70. Blank: the title.`}
            />
            <TextArea
              label="SEO description"
              value={form.seo_description}
              max={160}
              error={errors.seo_description}
              hint={`${form.seo_description.length}/160. Blank: the excerpt.`}
              onChange={(v) => set("seo_description", v)}
            />
            <div className="rounded-lg bg-slate-50 p-3 text-sm">
              <p className="text-xs font-medium text-slate-500">In search results</p>
              <p className="truncate text-blue-800">{form.seo_title || form.title || "Post title"}</p>
              <p className="truncate text-xs text-emerald-800">/blog/{form.slug}</p>
              <p className="line-clamp-2 text-slate-600">{form.seo_description || form.excerpt}</p>
            </div>
          </fieldset>
        </aside>
      </form>

      {isConfirmingDelete && idRef.current ? (
        <ConfirmModal
          title="Delete this post?"
          confirmLabel="Delete post"
          pendingLabel="Deleting…"
          isPending={false}
          onCancel={() => setIsConfirmingDelete(false)}
          onConfirm={async () => {
            try {
              await deletePost(idRef.current!);
              lastSaved.current = JSON.stringify(requestOf(form));
              await queryClient.invalidateQueries({ queryKey: blogKeys.all });
              showToast("Post deleted");
              navigate("/admin/blog");
            } catch (e) {
              setIsConfirmingDelete(false);
              showToast(toFormError(e).message, "error");
            }
          }}
        >
          It disappears from the blog, the feed and the sitemap at once. This cannot be undone.
        </ConfirmModal>
      ) : null}
    </div>
  );
}

function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
}

function SaveStatus({ state, isDirty, canAutosave }: { state: SaveState; isDirty: boolean; canAutosave: boolean }) {
  let text = "";
  if (state.kind === "saving") text = "Saving…";
  else if (isDirty) text = canAutosave ? "Unsaved changes: saving when you pause" : "Unsaved changes";
  else if (state.kind === "saved") text = `Saved at ${timeFormat.format(state.at)}`;
  else if (state.kind === "error") text = "Not saved";
  return (
    <span role="status" aria-live="polite" data-testid="save-status" className="text-sm text-slate-600">
      {text}
    </span>
  );
}

function TextArea({
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

function BodyField({ value, error, onChange }: { value: string; error?: string; onChange: (v: string) => void }) {
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

function Preview({ form }: { form: Form }) {
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

function TermPicker({
  title,
  kind,
  selected,
  error,
  onToggle,
}: {
  title: string;
  kind: "category_ids" | "tag_ids";
  selected: number[];
  error?: string;
  onToggle: (id: number) => void;
}) {
  const categories = useCategories();
  const tags = useTags();
  const query = kind === "category_ids" ? categories : tags;
  const manage = kind === "category_ids" ? "/admin/blog/categories" : "/admin/blog/tags";
  return (
    <fieldset className="min-w-0 rounded-xl border border-slate-200 bg-white p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">{title}</legend>
      {query.isPending ? <Spinner /> : null}
      {query.data?.length === 0 ? <p className="text-sm text-slate-500">None yet.</p> : null}
      <ul className="max-h-56 space-y-1 overflow-y-auto">
        {query.data?.map((t) => (
          <li key={t.id}>
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" checked={selected.includes(t.id)} onChange={() => onToggle(t.id)} />
              {t.name}
            </label>
          </li>
        ))}
      </ul>
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <Link to={manage} className={`${linkClass} mt-2 inline-block text-sm`}>
        Manage {title.toLowerCase()}
      </Link>
    </fieldset>
  );
}

function CoverPicker({ value, error, onChange }: { value: number | null; error?: string; onChange: (v: number | null) => void }) {
  const images = useLibraryImages();
  return (
    <fieldset className="min-w-0 rounded-xl border border-slate-200 bg-white p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">Cover image</legend>
      <label className="mb-2 flex items-center gap-2 text-sm text-slate-800">
        <input type="radio" name="cover" checked={value === null} onChange={() => onChange(null)} />
        No cover
      </label>
      {images.isPending ? <Spinner /> : null}
      <PhotoGrid photos={images.data} name="cover" className="max-h-64" isChosen={(p) => value === p.id} onChoose={(p) => onChange(p.id)} />
      {images.data?.length === 0 ? (
        <p className="text-sm text-slate-500">
          The photo library has no images yet.{" "}
          <Link to="/admin/add-photo" className={linkClass}>
            Upload one
          </Link>
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

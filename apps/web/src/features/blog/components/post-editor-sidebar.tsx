import type { BlogPostStatus } from "@academy/contract/blog";
import { TextField } from "../../../components/ui/form-field";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import type { FieldErrors } from "../../../lib/api-client";
import { Link } from "../../../lib/navigation";
import { useLibraryImages } from "../api/photos";
import { useCategories, useTags } from "../api/terms";
import type { PostForm } from "../post-form";
import { PhotoGrid } from "./photo-grid";
import { TextArea } from "./post-editor-fields";

type SetField = <K extends keyof PostForm>(key: K, value: PostForm[K]) => void;

/** The categories or the tags a post is filed under, with a link to manage them. */
export function TermPicker({
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

/** The cover image, chosen from the photo library. */
export function CoverPicker({ value, error, onChange }: { value: number | null; error?: string; onChange: (v: number | null) => void }) {
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

/** The SEO title and description, with how a search result would show them. */
export function SeoFields({ form, errors, set }: { form: PostForm; errors: FieldErrors; set: SetField }) {
  return (
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
  );
}

type PublishingProps = {
  form: PostForm;
  errors: FieldErrors;
  set: SetField;
  savedStatus: BlogPostStatus | null;
  savedSlug: string | null;
  isSaving: boolean;
  onDelete: (() => void) | null;
};

const STATUSES = [
  ["draft", "Draft", "Only staff can see it."],
  ["published", "Published", "Public now."],
  ["scheduled", "Scheduled", "Goes public at the time you choose."],
] as const;

/** Draft, published or scheduled (and when), the save button, the link to the post and delete. */
export function PublishingFields({ form, errors, set, savedStatus, savedSlug, isSaving, onDelete }: PublishingProps) {
  const primaryLabel =
    form.status === "draft"
      ? "Save draft"
      : form.status === "scheduled"
        ? "Schedule"
        : savedStatus === "published"
          ? "Update post"
          : "Publish";
  return (
    <fieldset className="space-y-2 min-w-0 rounded-xl border border-slate-200 bg-white p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">Publishing</legend>
      {STATUSES.map(([value, label, hint]) => (
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
        <button type="submit" className={buttonClass.primary} disabled={isSaving}>
          {primaryLabel}
        </button>
        {savedSlug && savedStatus ? (
          <Link to={`/blog/${savedSlug}`} className={buttonClass.secondary}>
            {savedStatus === "published" ? "View on the blog" : "Open as readers will see it"}
          </Link>
        ) : null}
        {onDelete ? (
          <button type="button" className={`${buttonClass.ghost} text-red-800`} onClick={onDelete}>
            Delete post
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}

import { type ReactNode, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { ConfirmModal } from "../../../components/ui/confirm-modal";
import { TextField } from "../../../components/ui/form-field";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { toFormError } from "../../../lib/api-client";
import { Link, useNavigate, useParams } from "../../../lib/navigation";
import { type SaveState, usePostEditor } from "../hooks/use-post-editor";
import { BodyField, Preview, TextArea } from "./post-editor-fields";
import { CoverPicker, PublishingFields, SeoFields, TermPicker } from "./post-editor-sidebar";
import { StatusBadge } from "./status-badge";

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });

/**
 * /admin/blog/new and /admin/blog/edit/:id: write a post, preview it, save drafts as you type, publish
 * or schedule. `historyOf`: a saved post's activity-log history, under the editor (composed in by the app).
 */
export function PostEditorPage({ historyOf }: { historyOf?: (id: number) => ReactNode } = {}) {
  const { id: idParam } = useParams();
  const existingId = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const editor = usePostEditor(existingId);
  const { loaded, form, set, errors, savedStatus } = editor;
  const [tab, setTab] = useState<"write" | "preview">("write");
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const navigate = useNavigate();

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

  const toggle = (key: "category_ids" | "tag_ids", id: number) =>
    set(key, form[key].includes(id) ? form[key].filter((x) => x !== id) : [...form[key], id]);

  async function remove() {
    try {
      await editor.remove();
      showToast("Post deleted");
      navigate("/admin/blog");
    } catch (e) {
      setIsConfirmingDelete(false);
      showToast(toFormError(e).message, "error");
    }
  }

  return (
    <div className="mx-auto max-w-5xl">
      <PageHeader
        title={existingId ? "Edit post" : "New post"}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            {savedStatus ? <StatusBadge status={savedStatus} /> : <span>Not saved yet.</span>}
            <SaveStatus state={editor.saveState} isDirty={editor.isDirty} canAutosave={editor.canAutosave} />
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
          void editor.save(form, { isAutosave: false });
        }}
        className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]"
      >
        <div className="min-w-0 space-y-5">
          {editor.formError ? <Alert>{editor.formError}</Alert> : null}
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
                onChange={(e) => editor.editSlug(e.target.value)}
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
          <PublishingFields
            form={form}
            errors={errors}
            set={set}
            savedStatus={savedStatus}
            savedSlug={editor.savedSlug}
            isSaving={editor.saveState.kind === "saving"}
            onDelete={editor.postId ? () => setIsConfirmingDelete(true) : null}
          />
          <TermPicker
            title="Categories"
            kind="category_ids"
            selected={form.category_ids}
            error={errors.category_ids}
            onToggle={(id) => toggle("category_ids", id)}
          />
          <TermPicker title="Tags" kind="tag_ids" selected={form.tag_ids} error={errors.tag_ids} onToggle={(id) => toggle("tag_ids", id)} />
          <CoverPicker value={form.cover_photo_id} error={errors.cover_photo_id} onChange={(v) => set("cover_photo_id", v)} />
          <SeoFields form={form} errors={errors} set={set} />
        </aside>
      </form>

      {/* Keyed by the status: publishing or taking the post back reads its history afresh. */}
      {editor.postId && historyOf ? (
        <div key={savedStatus ?? "unsaved"} className="mt-8">
          {historyOf(editor.postId)}
        </div>
      ) : null}

      {isConfirmingDelete && editor.postId ? (
        <ConfirmModal
          title="Delete this post?"
          confirmLabel="Delete post"
          pendingLabel="Deleting…"
          isPending={false}
          onCancel={() => setIsConfirmingDelete(false)}
          onConfirm={remove}
        >
          It disappears from the blog, the feed and the sitemap at once. This cannot be undone.
        </ConfirmModal>
      ) : null}
    </div>
  );
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

import type { BlogPostStatus } from "@academy/contract/blog";
import { slugifyTitle } from "@academy/contract/blog";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { showToast } from "../../../components/ui/toast";
import { type FieldErrors, toFormError } from "../../../lib/api-client";
import { useNavigate } from "../../../lib/navigation";
import { blogKeys, usePost } from "../api/posts";
import { deletePost, savePost } from "../api/save-post";
import { EMPTY_POST_FORM, formOf, type PostForm, requestOf } from "../post-form";

/** How long typing pauses before a draft saves itself. */
export const AUTOSAVE_DELAY_MS = 2_000;

export type SaveState = { kind: "idle" } | { kind: "saving" } | { kind: "saved"; at: Date } | { kind: "error"; message: string };

/**
 * The post being written: loaded once, then the writer's. Saves run one after another; a draft
 * saves itself once typing pauses (a live post only when asked); leaving with unsaved changes
 * asks first. A new post's first save moves the address to its edit page.
 */
export function usePostEditor(existingId: number | null) {
  const loaded = usePost(existingId ? String(existingId) : undefined);
  const [form, setForm] = useState<PostForm | null>(existingId ? null : EMPTY_POST_FORM);
  const [savedStatus, setSavedStatus] = useState<BlogPostStatus | null>(null);
  const [savedSlug, setSavedSlug] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saveState, setSaveState] = useState<SaveState>({ kind: "idle" });
  const [isSlugEdited, setIsSlugEdited] = useState(!!existingId);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const idRef = useRef<number | null>(existingId);
  const lastSaved = useRef<string>(JSON.stringify(requestOf(EMPTY_POST_FORM)));
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
    (current: PostForm, opts: { isAutosave: boolean }) => {
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

  /** Changes one field; the address follows the title until the writer edits it. */
  const set = <K extends keyof PostForm>(key: K, value: PostForm[K]) =>
    setForm((f) => {
      if (!f) return f;
      const next = { ...f, [key]: value };
      if (key === "title" && !isSlugEdited) next.slug = slugifyTitle(String(value));
      return next;
    });

  function editSlug(value: string) {
    setIsSlugEdited(true);
    set("slug", value.toLowerCase());
  }

  /** Deletes the saved post and forgets its unsaved changes. */
  async function remove(): Promise<void> {
    await deletePost(idRef.current!);
    if (form) lastSaved.current = JSON.stringify(requestOf(form));
    await queryClient.invalidateQueries({ queryKey: blogKeys.all });
  }

  return {
    loaded,
    form,
    set,
    editSlug,
    errors,
    formError,
    saveState,
    savedStatus,
    savedSlug,
    isDirty,
    canAutosave,
    save,
    remove,
    /** The post's id once it is saved. */
    postId: idRef.current,
  };
}

import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type ReactNode, useEffect } from "react";
import { proseClass } from "./post-body";

/**
 * The post body editor (Tiptap), loaded only when a writer opens the editor: it is the heaviest
 * code of the blog and stays out of every other screen's bundle. It edits what the server keeps:
 * headings, paragraphs, emphasis, lists, quotes, code and links.
 */
export function RichTextEditor({
  value,
  onChange,
  labelId,
  describedBy,
}: {
  value: string;
  onChange: (html: string) => void;
  labelId: string;
  describedBy?: string;
}) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, protocols: ["http", "https", "mailto"], defaultProtocol: "https" },
      }),
    ],
    content: value,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        class: `${proseClass} min-h-72 rounded-b-lg border border-t-0 border-slate-300 bg-white px-4 py-3 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-700`,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        "data-testid": "post-body-editor",
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });

  // A post loaded after the editor opened (or restored) replaces its content; typing never does.
  // The editor can be swapped for a fresh one while the page settles: never read a destroyed one.
  useEffect(() => {
    if (editor && !editor.isDestroyed && !editor.isFocused && value !== editor.getHTML() && !(value === "" && editor.isEmpty)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  if (!editor || editor.isDestroyed) return null;

  const setLink = () => {
    const previous = (editor.getAttributes("link").href as string | undefined) ?? "https://";
    const href = window.prompt("Link address (https://…, mailto:… or /blog/…)", previous);
    if (href === null) return;
    if (href.trim() === "" || href.trim() === "https://") {
      editor.chain().focus().extendMarkRange("link").unsetLink().run();
      return;
    }
    editor.chain().focus().extendMarkRange("link").setLink({ href: href.trim() }).run();
  };

  const tools: { label: string; short: ReactNode; isActive?: boolean; run: () => void; disabled?: boolean }[] = [
    { label: "Bold", short: <b>B</b>, isActive: editor.isActive("bold"), run: () => editor.chain().focus().toggleBold().run() },
    { label: "Italic", short: <i>I</i>, isActive: editor.isActive("italic"), run: () => editor.chain().focus().toggleItalic().run() },
    {
      label: "Heading",
      short: "H2",
      isActive: editor.isActive("heading", { level: 2 }),
      run: () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
    },
    {
      label: "Subheading",
      short: "H3",
      isActive: editor.isActive("heading", { level: 3 }),
      run: () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
    },
    {
      label: "Bulleted list",
      short: "• List",
      isActive: editor.isActive("bulletList"),
      run: () => editor.chain().focus().toggleBulletList().run(),
    },
    {
      label: "Numbered list",
      short: "1. List",
      isActive: editor.isActive("orderedList"),
      run: () => editor.chain().focus().toggleOrderedList().run(),
    },
    { label: "Quote", short: "“ ”", isActive: editor.isActive("blockquote"), run: () => editor.chain().focus().toggleBlockquote().run() },
    { label: "Link", short: "Link", isActive: editor.isActive("link"), run: setLink },
    { label: "Undo", short: "↶", run: () => editor.chain().focus().undo().run(), disabled: !editor.can().undo() },
    { label: "Redo", short: "↷", run: () => editor.chain().focus().redo().run(), disabled: !editor.can().redo() },
  ];

  return (
    <div>
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1 rounded-t-lg border border-slate-300 bg-slate-50 p-1">
        {tools.map((t) => (
          <button
            key={t.label}
            type="button"
            title={t.label}
            aria-label={t.label}
            aria-pressed={t.isActive === undefined ? undefined : t.isActive}
            disabled={t.disabled}
            onMouseDown={(e) => e.preventDefault()}
            onClick={t.run}
            className={`min-w-9 rounded-md px-2 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-red-700 disabled:opacity-40 ${
              t.isActive ? "bg-red-700 text-white" : "text-slate-700 hover:bg-white"
            }`}
          >
            {t.short}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}

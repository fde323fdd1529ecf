import { isOwnUploadSrc } from "@academy/contract/blog-html";
import Image from "@tiptap/extension-image";
import { NodeSelection, TextSelection } from "@tiptap/pm/state";
import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type ReactNode, useEffect, useState } from "react";
import { ImageDescriptionDialog } from "./image-description-dialog";
import { InsertImageDialog } from "./insert-image-dialog";
import { proseClass } from "./post-body";

/**
 * Images in the body are files uploaded here, as the server keeps them: a pasted image from
 * another site or a data: address never enters the editor, and no markdown shortcut makes one.
 */
const BodyImage = Image.extend({
  parseHTML() {
    return [{ tag: "img[src]", getAttrs: (el) => (isOwnUploadSrc(el.getAttribute("src")) ? null : false) }];
  },
  addInputRules() {
    return [];
  },
});

/**
 * The post body editor (Tiptap), loaded only when a writer opens the editor: it is the heaviest
 * code of the blog and stays out of every other screen's bundle. It edits what the server keeps:
 * headings, paragraphs, emphasis, lists, quotes, code, links and images from the photo library.
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
  const [isPickingImage, setIsPickingImage] = useState(false);
  // The alt text of the selected image, while the writer changes it.
  const [describing, setDescribing] = useState<string | null>(null);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, protocols: ["http", "https", "mailto"], defaultProtocol: "https" },
      }),
      BodyImage,
    ],
    content: value,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        class: `${proseClass} min-h-72 rounded-b-lg border border-t-0 border-slate-300 bg-white px-4 py-3 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-700 [&_img.ProseMirror-selectednode]:outline-2 [&_img.ProseMirror-selectednode]:outline-offset-2 [&_img.ProseMirror-selectednode]:outline-red-700`,
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
    { label: "Image", short: "Image", run: () => setIsPickingImage(true) },
    {
      label: "Edit alt text",
      short: "Alt text",
      run: () => setDescribing((editor.getAttributes("image").alt as string | undefined) ?? ""),
      disabled: !editor.isActive("image"),
    },
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
            aria-pressed={t.isActive === undefined ? undefined : t.isActive}
            disabled={t.disabled}
            onMouseDown={(e) => e.preventDefault()}
            onClick={t.run}
            className={`min-w-9 rounded-md px-2 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-red-700 disabled:opacity-40 ${
              t.isActive ? "bg-red-700 text-white" : "text-slate-700 hover:bg-white"
            }`}
          >
            {/* The name is the word ("Bold"); the short mark ("B") only shows it. */}
            <span aria-hidden="true">{t.short}</span>
            <span className="sr-only">{t.label}</span>
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
      {describing !== null ? (
        <ImageDescriptionDialog
          initial={describing}
          onClose={() => setDescribing(null)}
          onSave={(alt) => {
            setDescribing(null);
            // The image stays selected while the dialog is open; the new text goes on it.
            requestAnimationFrame(() => {
              if (!editor.isDestroyed) editor.chain().focus().updateAttributes("image", { alt }).run();
            });
          }}
        />
      ) : null}
      {isPickingImage ? (
        <InsertImageDialog
          onClose={() => setIsPickingImage(false)}
          onInsert={(image) => {
            setIsPickingImage(false);
            // After the dialog has closed and handed focus back, the image goes in where the writer was.
            requestAnimationFrame(() => {
              if (editor.isDestroyed) return;
              editor
                .chain()
                .focus()
                .setImage(image)
                .command(({ tr }) => {
                  // The writer types on below the picture (never over it): into the text that
                  // follows, or a new paragraph when none does.
                  if (!(tr.selection instanceof NodeSelection) || tr.selection.node.type.name !== "image") return false;
                  const end = tr.selection.to;
                  if (!tr.doc.resolve(end).nodeAfter?.isTextblock) tr.insert(end, editor.schema.nodes.paragraph!.create());
                  tr.setSelection(TextSelection.create(tr.doc, end + 1));
                  return true;
                })
                .run();
            });
          }}
        />
      ) : null}
    </div>
  );
}

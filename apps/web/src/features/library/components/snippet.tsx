import type { SnippetPart } from "@academy/contract/library";

/** A search snippet with its matched words marked: rendered as text, never as HTML. */
export function Snippet({ parts }: { parts: SnippetPart[] }) {
  return (
    <p className="mt-1 text-sm text-slate-700">
      {parts.map((p, i) =>
        p.hit ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never reorder
          <mark key={i} className="rounded bg-yellow-100 px-0.5 text-slate-900">
            {p.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never reorder
          <span key={i}>{p.text}</span>
        ),
      )}
    </p>
  );
}

import { useEffect, useState } from "react";
import { cardLinkClass } from "../../../components/ui/styles";
import { useAuth } from "../../../lib/auth-store";
import { Link } from "../../../lib/navigation";
import { listSaved, type SavedDocument } from "../offline/saved-documents";

/** The documents saved on this device for offline reading (decision 32): they open without a network. */
export function SavedDocuments({ version = 0 }: { version?: number }) {
  const userId = useAuth().state.user ?? 0;
  const [saved, setSaved] = useState<SavedDocument[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the library's list (which prunes them) changes
  useEffect(() => {
    listSaved(userId).then(setSaved, () => setSaved([]));
  }, [userId, version]);
  if (!saved.length) return null;
  return (
    <section className="mt-6" aria-labelledby="saved-title">
      <h2 id="saved-title" className="text-lg font-semibold text-slate-900">
        Saved for offline reading
      </h2>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {saved.map((s) => (
          <li key={s.key}>
            <Link to={`/user/document-library/${s.slug}`} className={cardLinkClass}>
              <h3 className="font-semibold text-slate-900 group-hover:text-red-800">{s.doc.title}</h3>
              <p className="mt-1 text-sm text-slate-600">
                {s.doc.sections.filter((x) => x.html).length} sections · saved {new Date(s.savedAt).toLocaleDateString()}
              </p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

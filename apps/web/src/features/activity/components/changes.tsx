import type { ActivityEntry } from "@academy/contract/activity";

const shown = (value: unknown) =>
  value === null || value === undefined ? "—" : typeof value === "object" ? JSON.stringify(value) : String(value);

/** The fields an entry changed, each as "field: before → after" (text only: nothing here is markup). */
export function Changes({ entry }: { entry: Pick<ActivityEntry, "before" | "after"> }) {
  const names = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])];
  if (names.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <ul className="space-y-0.5">
      {names.map((name) => (
        <li key={name} className="break-words">
          <span className="font-medium text-slate-700">{name.replaceAll("_", " ")}:</span>{" "}
          {entry.before && name in entry.before ? <span className="text-slate-600 line-through">{shown(entry.before[name])}</span> : null}
          {entry.before && name in entry.before && entry.after && name in entry.after ? " → " : null}
          {entry.after && name in entry.after ? <span className="text-slate-900">{shown(entry.after[name])}</span> : null}
        </li>
      ))}
    </ul>
  );
}

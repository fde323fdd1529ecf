import { useId } from "react";
import type { ResourceFilter } from "./types";

/** One filter of a resource table: a select with "All" first, or a date or number field. */
export function FilterSelect({ filter, value, onChange }: { filter: ResourceFilter; value: string; onChange: (value: string) => void }) {
  const id = useId();
  // Never wider than the screen: a select is as wide as its longest choice (a staff member's name and email).
  return (
    <div className="min-w-0 max-w-full">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {filter.label}
      </label>
      {filter.input ? (
        <input
          id={id}
          type={filter.input}
          value={value}
          min={filter.input === "number" ? 1 : undefined}
          inputMode={filter.input === "number" ? "numeric" : undefined}
          onChange={(e) => onChange(e.target.value)}
          className="mt-1 block w-36 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm"
        />
      ) : (
        <select
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="mt-1 block max-w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm"
        >
          <option value="">All</option>
          {filter.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}

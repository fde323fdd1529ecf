import { PageSteps } from "../page-steps";
import { PAGE_SIZES } from "./url-state";

const about = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/** A list's total as the server knows it: exact, a lower bound ("more than 1,000") or an estimate ("about 1.2M"). */
export function totalOf(total: number, how: { capped?: boolean; estimated?: boolean } = {}): string {
  if (how.capped) return `more than ${total.toLocaleString("en-US")}`;
  if (how.estimated) return `about ${about.format(total)}`;
  return String(total);
}

/** Where the page is in the list, rows per page, previous and next. */
export function Pagination({
  page,
  size,
  total,
  totalCapped = false,
  totalEstimated = false,
  numPages,
  onPage,
  onSize,
}: {
  page: number;
  size: number;
  total: number;
  /** More rows match than the server counted: `total` is a lower bound. */
  totalCapped?: boolean;
  /** `total` is the database's estimate of the table's rows, not a count. */
  totalEstimated?: boolean;
  numPages: number;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
}) {
  const from = total === 0 ? 0 : (page - 1) * size + 1;
  const to = Math.min(total, page * size);
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-col gap-3 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between">
      <p aria-live="polite">
        Showing {from}–{to} of {totalOf(total, { capped: totalCapped, estimated: totalEstimated })}
      </p>
      <div className="flex items-center gap-2">
        <label className="flex items-center gap-2">
          Rows per page
          <select
            value={size}
            onChange={(e) => onSize(Number(e.target.value))}
            className="rounded-lg border border-slate-300 bg-white px-2 py-1.5"
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <PageSteps page={page} numPages={numPages} onPage={onPage} />
      </div>
    </nav>
  );
}

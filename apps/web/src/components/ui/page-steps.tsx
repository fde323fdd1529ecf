import { buttonClass } from "./styles";

/** Previous, "Page n of m", next: the step through a paged list every screen uses. */
export function PageSteps({ page, numPages, onPage }: { page: number; numPages: number; onPage: (page: number) => void }) {
  return (
    <div className="flex items-center gap-2">
      <button type="button" className={buttonClass.secondary} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {numPages}
      </span>
      <button type="button" className={buttonClass.secondary} disabled={page >= numPages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </div>
  );
}

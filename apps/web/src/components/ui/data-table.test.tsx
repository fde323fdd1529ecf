import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DataTable } from "./data-table";

const rows = [
  { id: 1, name: "Airway", score: 0.4 },
  { id: 2, name: "Trauma", score: 0.9 },
];

describe("DataTable", () => {
  const html = renderToStaticMarkup(
    <DataTable
      rows={rows}
      rowKey={(r) => r.id}
      caption="Scores per theme"
      columns={[
        { key: "name", header: "Theme", cell: (r) => r.name, isRowHeader: true },
        { key: "score", header: "Score", cell: (r) => `${r.score * 100}%`, align: "right", hideBelow: "sm" },
        { key: "open", header: "Open", isHeaderHidden: true, cell: (r) => <a href={`/t/${r.id}`}>Open</a> },
      ]}
    />,
  );

  it("names the table and its columns for screen readers", () => {
    expect(html).toContain('<caption class="sr-only">Scores per theme</caption>');
    expect(html.match(/<th scope="col"/g)).toHaveLength(3);
    // A column of links keeps a header, read aloud only.
    expect(html).toMatch(/<th scope="col"[^>]*><span class="sr-only">Open<\/span><\/th>/);
    // Each row is named by its first cell.
    expect(html).toMatch(/<th scope="row"[^>]*>Airway<\/th>/);
  });

  it("fills a row per item in order, and steps a column aside below its breakpoint", () => {
    expect(html.indexOf("Airway")).toBeLessThan(html.indexOf("Trauma"));
    expect(html.match(/<tr>/g)).toHaveLength(3);
    expect(html).toMatch(/<td class="[^"]*text-right[^"]*hidden sm:table-cell[^"]*">40%<\/td>/);
  });
});

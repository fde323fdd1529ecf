/** A small horizontal bar chart in plain SVG, with the numbers as text for screen readers too. */
export function BarChart({ title, rows }: { title: string; rows: { label: string; value: number }[] }) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  const rowHeight = 26;
  return (
    <figure>
      <figcaption className="mb-2 text-sm font-semibold text-slate-800">{title}</figcaption>
      <svg
        role="img"
        aria-label={`${title}: ${rows.map((r) => `${r.label} ${r.value}`).join(", ")}`}
        viewBox={`0 0 320 ${rows.length * rowHeight}`}
        className="w-full"
      >
        {rows.map((r, i) => {
          const width = (r.value / max) * 150;
          return (
            <g key={r.label} transform={`translate(0 ${i * rowHeight})`}>
              <text x="0" y="16" fontSize="11" fill="#334155">
                {r.label.length > 26 ? `${r.label.slice(0, 25)}…` : r.label}
              </text>
              <rect x="150" y="5" width={Math.max(width, r.value ? 2 : 0)} height="14" rx="3" fill="#b91c1c" />
              <text x={156 + width} y="16" fontSize="11" fill="#0f172a">
                {r.value}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

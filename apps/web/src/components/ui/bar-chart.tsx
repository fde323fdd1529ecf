/** A small accessible bar chart of a daily series: an SVG for the eye, a table for screen readers. */
export function BarChart({
  label,
  points,
  unit = "",
}: {
  label: string;
  points: readonly { date: string; value: number }[];
  unit?: string;
}) {
  const max = Math.max(1, ...points.map((p) => p.value));
  const width = 300;
  const height = 80;
  const gap = 1;
  const barWidth = points.length ? width / points.length - gap : 0;
  return (
    <figure>
      <svg viewBox={`0 0 ${width} ${height}`} className="h-24 w-full" role="img" aria-label={label} preserveAspectRatio="none">
        {points.map((p, i) => {
          const h = (p.value / max) * (height - 4);
          return (
            <rect
              key={p.date}
              x={i * (barWidth + gap)}
              y={height - h}
              width={barWidth}
              height={Math.max(h, p.value ? 1 : 0)}
              className="fill-red-600"
            >
              <title>{`${p.date}: ${p.value}${unit}`}</title>
            </rect>
          );
        })}
        <line x1="0" x2={width} y1={height - 0.5} y2={height - 0.5} className="stroke-slate-200" />
      </svg>
      <figcaption className="mt-1 flex justify-between text-xs text-slate-500">
        <span>{points[0]?.date}</span>
        <span>{points.at(-1)?.date}</span>
      </figcaption>
      <table className="sr-only">
        <caption>{label}</caption>
        <tbody>
          {points.map((p) => (
            <tr key={p.date}>
              <th scope="row">{p.date}</th>
              <td>{p.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

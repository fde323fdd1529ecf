import { type PointerEvent, useId, useLayoutEffect, useRef, useState } from "react";
import { formatDay, formatNumber } from "../../../lib/format";
import { InTurn } from "../in-turn";
import { labelledIndices, niceTicks } from "./scale";

export interface DailyPoint {
  date: string;
  value: number;
}

interface TimeSeriesChartProps {
  /** What the chart shows; names the figure, its screen-reader table and its caption. */
  title: string;
  points: readonly DailyPoint[];
  kind?: "bar" | "line";
  /** Name of the value column in the table fallback. */
  valueLabel: string;
  formatValue?: (value: number) => string;
  /** Shorter labels for the y axis (e.g. money without cents). */
  formatTick?: (value: number) => string;
  /** Shown over the plot when every point is zero. */
  emptyText?: string;
  height?: number;
}

const MARGIN = { top: 10, right: 8, bottom: 24 };
const DEFAULT_HEIGHT = 176;

/** The width of an element, following resizes, so the SVG draws in real pixels and its text never stretches. */
function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth || fallback);
    // A hidden chart (its screen still loading) measures 0: it keeps its width until it shows.
    const observer = new ResizeObserver(([entry]) => {
      if (entry?.contentRect.width) setWidth(Math.max(120, Math.floor(entry.contentRect.width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [fallback]);
  return [ref, width] as const;
}

/**
 * A daily series as bars or a line, in plain SVG: a y axis with round ticks, day labels under
 * the plot, a tooltip on hover, and the same numbers as a table for screen readers. Charts shown
 * together draw one per task, each keeping its room until then.
 */
export function TimeSeriesChart(props: TimeSeriesChartProps) {
  return (
    <InTurn placeholder={<div aria-hidden="true" style={{ height: props.height ?? DEFAULT_HEIGHT }} />}>
      <Chart {...props} />
    </InTurn>
  );
}

function Chart({
  title,
  points,
  kind = "bar",
  valueLabel,
  formatValue = formatNumber,
  formatTick = formatValue,
  emptyText = "Nothing in this period",
  height = DEFAULT_HEIGHT,
}: TimeSeriesChartProps) {
  const [ref, width] = useWidth<HTMLDivElement>(560);
  const [active, setActive] = useState<number | null>(null);
  const gradientId = useId();

  const max = Math.max(0, ...points.map((p) => p.value));
  const ticks = niceTicks(max);
  const top = ticks.at(-1) ?? 1;
  const left = Math.max(28, Math.max(...ticks.map((t) => formatTick(t).length)) * 6.5 + 10);
  const plotWidth = Math.max(1, width - left - MARGIN.right);
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const band = points.length ? plotWidth / points.length : plotWidth;
  const xCenter = (i: number) => left + band * (i + 0.5);
  const y = (v: number) => MARGIN.top + plotHeight - (v / top) * plotHeight;
  const labels = labelledIndices(points.length, Math.floor(plotWidth / 52));
  const isEmpty = max === 0;
  const total = points.reduce((n, p) => n + p.value, 0);
  const peak = points.reduce<DailyPoint | undefined>((best, p) => (p.value > (best?.value ?? 0) ? p : best), undefined);
  const first = points[0];
  const last = points.at(-1);
  const summary =
    first && last
      ? `${title}, ${formatDay(first.date, true)} to ${formatDay(last.date, true)}: ${
          isEmpty
            ? "none"
            : `${formatValue(total)} in total${peak ? `, highest on ${formatDay(peak.date)} (${formatValue(peak.value)})` : ""}`
        }.`
      : title;

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const i = Math.floor((event.clientX - box.left - left) / band);
    setActive(i >= 0 && i < points.length ? i : null);
  };

  const line = points.map((p, i) => `${i ? "L" : "M"}${xCenter(i).toFixed(1)},${y(p.value).toFixed(1)}`).join("");
  const area = points.length ? `${line}L${xCenter(points.length - 1).toFixed(1)},${y(0)}L${xCenter(0).toFixed(1)},${y(0)}Z` : "";
  const activePoint = active === null ? undefined : points[active];

  return (
    <figure className="relative">
      <div ref={ref} className="relative w-full min-w-0 overflow-hidden">
        <svg
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-label={summary}
          className="block touch-pan-y select-none"
          onPointerMove={onPointerMove}
          onPointerLeave={() => setActive(null)}
        >
          {ticks.map((t) => (
            <g key={t}>
              <line x1={left} x2={width - MARGIN.right} y1={y(t)} y2={y(t)} className={t === 0 ? "stroke-slate-300" : "stroke-slate-100"} />
              <text x={left - 6} y={y(t)} dy="0.32em" textAnchor="end" className="fill-slate-500 text-[11px] tabular-nums">
                {formatTick(t)}
              </text>
            </g>
          ))}
          {labels.map((i) => (
            <text
              key={points[i]!.date}
              x={xCenter(i)}
              y={height - 6}
              textAnchor={i === points.length - 1 && labels.length > 1 ? "end" : "middle"}
              className="fill-slate-500 text-[11px]"
            >
              {i === points.length - 1 ? "Today" : formatDay(points[i]!.date)}
            </text>
          ))}
          {active !== null ? (
            <rect x={left + band * active} y={MARGIN.top} width={band} height={plotHeight} className="fill-slate-100" />
          ) : null}
          {kind === "bar" ? (
            points.map((p, i) => {
              const h = y(0) - y(p.value);
              const barWidth = Math.min(32, Math.max(1, band * 0.72));
              return (
                <rect
                  key={p.date}
                  x={xCenter(i) - barWidth / 2}
                  y={y(p.value)}
                  width={barWidth}
                  height={p.value ? Math.max(h, 2) : 0}
                  rx={Math.min(3, barWidth / 3)}
                  className={active === i ? "fill-red-800" : "fill-red-600"}
                />
              );
            })
          ) : (
            <>
              <defs>
                <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
                  <stop offset="0%" stopColor="#dc2626" stopOpacity="0.22" />
                  <stop offset="100%" stopColor="#dc2626" stopOpacity="0" />
                </linearGradient>
              </defs>
              <path d={area} fill={`url(#${gradientId})`} />
              <path d={line} fill="none" className="stroke-red-700" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" />
              {points.map((p, i) =>
                p.value || active === i ? (
                  <circle
                    key={p.date}
                    cx={xCenter(i)}
                    cy={y(p.value)}
                    r={active === i ? 4.5 : 3}
                    className="fill-white stroke-red-700"
                    strokeWidth="2"
                  />
                ) : null,
              )}
            </>
          )}
        </svg>
        {isEmpty ? (
          <p
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 top-1/2 -translate-y-1/2 text-center text-sm text-slate-500"
            style={{ paddingLeft: left }}
          >
            {emptyText}
          </p>
        ) : null}
        {activePoint ? (
          <div
            aria-hidden="true"
            data-testid="chart-tooltip"
            className="pointer-events-none absolute z-10 -translate-x-1/2 -translate-y-full rounded-md bg-slate-900 px-2.5 py-1.5 text-xs whitespace-nowrap text-white shadow-lg"
            style={{
              left: Math.min(Math.max(xCenter(active!), left + 48), width - 48),
              top: Math.max(y(activePoint.value) - 8, 36),
            }}
          >
            <span className="block font-semibold tabular-nums">{formatValue(activePoint.value)}</span>
            <span className="block text-slate-300">{formatDay(activePoint.date, true)}</span>
          </div>
        ) : null}
      </div>
      {/* A table cannot shrink to the 1 px of sr-only, so a wrapper hides it. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">{valueLabel}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.date}>
                <th scope="row">{formatDay(p.date, true)}</th>
                <td>{formatValue(p.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

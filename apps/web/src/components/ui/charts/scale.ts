/** Axis arithmetic for the small SVG charts: round tick steps and which days get a label. */

/** Evenly spaced ticks from 0 that cover `max` in about `count` steps of 1, 2, 2.5 or 5 × 10ⁿ (whole numbers only). */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = Math.max(1, ([1, 2, 2.5, 5, 10].find((m) => m * magnitude >= raw) ?? 10) * magnitude);
  const whole = Number.isInteger(step) ? step : Math.ceil(step);
  const ticks: number[] = [];
  for (let v = 0; v < max + whole; v += whole) {
    ticks.push(v);
    if (v >= max) break;
  }
  return ticks;
}

/** Indices of the points that get an x-axis label: at most `room` of them, always the last (today). */
export function labelledIndices(length: number, room: number): number[] {
  if (length === 0) return [];
  const every = Math.max(1, Math.ceil(length / Math.max(1, room)));
  const out: number[] = [];
  for (let i = length - 1; i >= 0; i -= every) out.unshift(i);
  return out;
}

/** Shared class names so buttons and links look and focus the same everywhere. */

const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700";

export const buttonClass = {
  primary: `inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-70 ${focusRing}`,
  secondary: `inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-70 ${focusRing}`,
  ghost: `inline-flex items-center justify-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 ${focusRing}`,
} as const;

export const linkClass = `font-medium text-red-800 underline-offset-2 hover:underline focus-visible:rounded ${focusRing}`;

export const cardLinkClass = `group block h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-red-300 hover:shadow-md ${focusRing}`;

/** The look of the question bank's inputs and menus. */
export const fieldClass = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm";

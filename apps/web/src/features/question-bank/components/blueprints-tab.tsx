import type { AdminTheme, Blueprint } from "@academy/contract/quiz";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { addBlueprint, questionBankKeys, useBlueprintsQuery } from "../api/question-bank";

import { fieldClass as field } from "./field-class";
/** Each track's blueprint versions, and a new version. */
export function BlueprintsTab({ themes }: { themes: AdminTheme[] }) {
  const list = useBlueprintsQuery();
  const client = useQueryClient();
  const [draft, setDraft] = useState<{ track: string; weights: Record<string, number>; note: string } | null>(null);
  const [error, setError] = useState("");
  const names = new Map(themes.map((t) => [t.slug, t.name]));
  if (list.isPending) return <Spinner />;
  if (list.isError) return <Alert>{list.error.message}</Alert>;
  const tracks = [...new Set(list.data.map((b) => b.track))];
  const latest = (track: string) => list.data.find((b) => b.track === track)!;

  function start(b: Blueprint) {
    setError("");
    setDraft({ track: b.track, weights: Object.fromEntries(b.themes.map((t) => [t.theme, t.weight])), note: "" });
  }
  async function save() {
    if (!draft) return;
    try {
      await addBlueprint({
        track: draft.track,
        note: draft.note,
        themes: Object.entries(draft.weights)
          .filter(([, w]) => w > 0)
          .map(([theme, weight]) => ({ theme, weight })),
      });
      setDraft(null);
      client.invalidateQueries({ queryKey: questionBankKeys.blueprints });
    } catch (failure) {
      setError(toFormError(failure).message);
    }
  }

  return (
    <div className="space-y-4">
      {tracks.map((track) => {
        const b = latest(track);
        const versions = list.data.filter((x) => x.track === track);
        const sum = draft?.track === track ? Object.values(draft.weights).reduce((n, w) => n + w, 0) : 0;
        return (
          <section key={track} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby={`bp-${track}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id={`bp-${track}`} className="font-semibold text-slate-900">
                {track} · version {b.version}
              </h2>
              <button type="button" className={buttonClass.secondary} onClick={() => start(b)}>
                New version
              </button>
            </div>
            <p className="text-xs text-slate-500">
              {versions.length} version{versions.length === 1 ? "" : "s"}; quizzes keep the version they were built from. {b.note}
            </p>
            {draft?.track === track ? (
              <div className="mt-3 space-y-2">
                {error ? <Alert>{error}</Alert> : null}
                <div className="grid gap-2 sm:grid-cols-2">
                  {themes
                    .filter((t) => t.tracks.includes(track))
                    .map((t) => (
                      <label key={t.slug} className="flex items-center justify-between gap-2 text-sm">
                        {t.name}
                        <input
                          type="number"
                          min={0}
                          max={100}
                          className="w-20 rounded border border-slate-300 px-2 py-1"
                          value={draft.weights[t.slug] ?? 0}
                          onChange={(e) => setDraft({ ...draft, weights: { ...draft.weights, [t.slug]: Number(e.target.value) } })}
                        />
                      </label>
                    ))}
                </div>
                <label className="block text-sm">
                  Note
                  <input
                    className={field}
                    value={draft.note}
                    onChange={(e) => setDraft({ ...draft, note: e.target.value })}
                    placeholder="What changed, e.g. the 2027 exam"
                  />
                </label>
                <p className={`text-sm ${sum === 100 ? "text-emerald-700" : "text-red-700"}`}>Weights add up to {sum} (must be 100)</p>
                <div className="flex gap-2">
                  <button type="button" className={buttonClass.primary} onClick={save}>
                    Save version {b.version + 1}
                  </button>
                  <button type="button" className={buttonClass.ghost} onClick={() => setDraft(null)}>
                    Cancel
                  </button>
                </div>
              </div>
            ) : (
              <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
                {b.themes.map((t) => (
                  <li key={t.theme} className="flex justify-between">
                    <span>{names.get(t.theme) ?? t.theme}</span>
                    <span className="text-slate-600">{t.weight}%</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { buttonClass } from "../../../components/ui/styles";
import { isErrorBody, toFormError } from "../../../lib/api-client";
import { downloadFile } from "../../../lib/files";
import { exportPath, importQuestions, questionBankKeys } from "../api/question-bank";
/** The bank as a file, and questions from one. */
export function ImportExportTab() {
  const [result, setResult] = useState<{ tone: "error" | "success"; message: string; rows: [string, string][] } | null>(null);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const client = useQueryClient();
  const format = file?.name.toLowerCase().endsWith(".csv") ? "csv" : "json";

  async function run(dryRun: boolean) {
    if (!file) return;
    try {
      const answer = await importQuestions({ format, content: file.text, dryRun });
      if (isErrorBody(answer)) setResult({ tone: "error", message: answer.message, rows: Object.entries(answer.validation ?? {}) });
      else {
        setResult({
          tone: "success",
          message: dryRun
            ? `Every row is valid: ${answer.created} new, ${answer.updated} updated.`
            : `Imported: ${answer.created} new, ${answer.updated} updated.`,
          rows: [],
        });
        if (!dryRun) {
          client.invalidateQueries({ queryKey: questionBankKeys.all });
          client.invalidateQueries({ queryKey: questionBankKeys.questions });
        }
      }
    } catch (failure) {
      setResult({ tone: "error", message: toFormError(failure).message, rows: [] });
    }
  }

  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="export-heading">
        <h2 id="export-heading" className="font-semibold">
          Export
        </h2>
        <p className="mt-1 text-sm text-slate-600">The whole bank in the content files' format, to review or to edit in bulk.</p>
        <div className="mt-3 flex gap-2">
          <button type="button" className={buttonClass.secondary} onClick={() => downloadFile(exportPath("json"), "questions.json")}>
            Export JSON
          </button>
          <button type="button" className={buttonClass.secondary} onClick={() => downloadFile(exportPath("csv"), "questions.csv")}>
            Export CSV
          </button>
        </div>
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="import-heading">
        <h2 id="import-heading" className="font-semibold">
          Import
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          A JSON or CSV file as export writes it. Rows with a known id update that question; nothing is saved unless every row is valid.
        </p>
        <label className="mt-3 block text-sm font-medium">
          File
          <input
            type="file"
            accept=".json,.csv,application/json,text/csv"
            className="mt-1 block text-sm"
            onChange={async (e) => {
              const f = e.target.files?.[0];
              setResult(null);
              setFile(f ? { name: f.name, text: await f.text() } : null);
            }}
          />
        </label>
        <div className="mt-3 flex gap-2">
          <button type="button" className={buttonClass.secondary} disabled={!file} onClick={() => run(true)}>
            Check
          </button>
          <button type="button" className={buttonClass.primary} disabled={!file} onClick={() => run(false)}>
            Import
          </button>
        </div>
        {result ? (
          <div className="mt-3">
            <Alert tone={result.tone}>
              <p>{result.message}</p>
              {result.rows.length ? (
                <ul className="mt-2 list-disc pl-5">
                  {result.rows.map(([row, message]) => (
                    <li key={row}>
                      <span className="font-semibold">{row}:</span> {message}
                    </li>
                  ))}
                </ul>
              ) : null}
            </Alert>
          </div>
        ) : null}
      </section>
    </div>
  );
}

import { type FormEvent, type ReactNode, useId, useState } from "react";
import type { FieldErrors } from "../../../lib/api-client";
import { currencyDigits, formatMoney, moneyInput, parseMoney } from "../../../lib/format";
import { Alert } from "../alert";
import type { FormValues, ResourceField, Row } from "./types";

const inputClass = (hasError: boolean) =>
  `mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-red-700 sm:text-sm ${
    hasError ? "border-red-600" : "border-slate-300"
  }`;

/** The value a field shows for a row (or its empty value for a new record). */
function initialValue(field: ResourceField, row: Row | undefined): string | boolean {
  if (!row && field.initial !== undefined) return field.initial;
  const value = row?.[field.name];
  if (field.kind === "checkbox") return value === true;
  if (value === null || value === undefined) return "";
  if ((field.kind === "lines" || field.kind === "choices") && Array.isArray(value)) return value.join("\n");
  if (field.kind === "datetime" && typeof value === "string") return value.slice(0, 16);
  if (field.kind === "money" && typeof value === "number") return moneyInput(value, currencyOf(field));
  return String(value);
}

/** A money field's currency: the academy's default when the screen names none. */
const currencyOf = (field: ResourceField) => field.currency ?? "eur";

/** Whether a field is part of the form as it stands: its mode (add or edit) and its condition. */
export function isFieldShown(field: ResourceField, values: FormValues, row: Row | undefined): boolean {
  const isCreate = !row;
  if (isCreate && field.editOnly) return false;
  if (!isCreate && field.createOnly) return false;
  return field.visibleWhen ? field.visibleWhen(values, row) : true;
}

/** Fields the form sends: shown, and editable in this mode. */
const sentFields = (fields: readonly ResourceField[], values: FormValues, row: Row | undefined) =>
  fields.filter((f) => isFieldShown(f, values, row) && !(row && f.readOnlyOnEdit));

/** Form values to the record's fields: numbers as numbers, blank nullable numbers as null, lines as a list. */
export function toRecordValues(fields: readonly ResourceField[], values: FormValues, row?: Row) {
  const out: Record<string, unknown> = {};
  for (const field of sentFields(fields, values, row)) {
    const value = values[field.name];
    if (field.kind === "checkbox") out[field.name] = value === true;
    else if (field.kind === "number") out[field.name] = value === "" ? (field.nullable ? null : undefined) : Number(value);
    else if (field.kind === "money") out[field.name] = value === "" ? undefined : parseMoney(String(value), currencyOf(field));
    else if (field.kind === "lines" || field.kind === "choices")
      out[field.name] = String(value ?? "")
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean);
    else if (field.kind === "datetime") out[field.name] = value ? new Date(String(value)).toISOString() : null;
    else out[field.name] = value;
    if (out[field.name] === undefined) delete out[field.name];
  }
  return out;
}

/** Client-side checks that mirror the server's, so mistakes show before a round trip. */
export function checkValues(fields: readonly ResourceField[], values: FormValues, row?: Row): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of sentFields(fields, values, row)) {
    const value = values[field.name];
    if (field.kind === "checkbox") continue;
    const text = String(value ?? "").trim();
    if (field.required && !text) errors[field.name] = `${field.label} is required`;
    else if (field.kind === "money" && text) {
      const currency = currencyOf(field);
      const minor = parseMoney(text, currency);
      if (Number.isNaN(minor)) errors[field.name] = `Enter an amount such as ${moneyInput(19 * 10 ** currencyDigits(currency), currency)}`;
      else if (field.min !== undefined && minor < field.min)
        errors[field.name] = `${field.label} must be at least ${formatMoney(field.min, currency)}`;
      else if (field.max !== undefined && minor > field.max)
        errors[field.name] = `${field.label} must be at most ${formatMoney(field.max, currency)}`;
    } else if (field.kind === "number" && text) {
      const n = Number(text);
      if (!Number.isFinite(n)) errors[field.name] = `${field.label} must be a number`;
      else if (field.min !== undefined && n < field.min) errors[field.name] = `${field.label} must be at least ${field.min}`;
      else if (field.max !== undefined && n > field.max) errors[field.name] = `${field.label} must be at most ${field.max}`;
    } else if (field.maxLength && text.length > field.maxLength) errors[field.name] = `Use at most ${field.maxLength} characters`;
  }
  return errors;
}

/** Any number of a field's options as a group of checkboxes; the value is the chosen options, one a line. */
function Choices({
  field,
  id,
  value,
  describedBy,
  onChange,
}: {
  field: ResourceField;
  id: string;
  value: string;
  describedBy: string | undefined;
  onChange: (value: string) => void;
}) {
  const chosen = value.split("\n").filter(Boolean);
  const options = field.options ?? [];
  // A value the options do not hold (a theme since removed) stays visible, so saving does not drop it unseen.
  const extra = chosen.filter((c) => !options.some((o) => o.value === c)).map((c) => ({ value: c, label: `${c} (unknown)` }));
  const toggle = (option: string, on: boolean) => onChange((on ? [...chosen, option] : chosen.filter((c) => c !== option)).join("\n"));
  return (
    <fieldset id={id} aria-describedby={describedBy}>
      <legend className="block text-sm font-medium text-slate-800">
        {field.label}
        {field.required ? <span aria-hidden="true"> *</span> : null}
      </legend>
      {options.length + extra.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">Loading the choices…</p>
      ) : (
        <div className="mt-1 grid max-h-56 grid-cols-1 gap-1 overflow-y-auto rounded-lg border border-slate-300 p-2 sm:grid-cols-2">
          {[...options, ...extra].map((o) => (
            <label key={o.value} className="flex min-w-0 items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name={field.name}
                value={o.value}
                checked={chosen.includes(o.value)}
                onChange={(e) => toggle(o.value, e.target.checked)}
                className="size-4 shrink-0 accent-red-700"
              />
              <span className="min-w-0 break-words">{o.label}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

interface ResourceFormProps {
  formId: string;
  fields: readonly ResourceField[];
  row?: Row;
  serverErrors: FieldErrors;
  message: string | null;
  preview?: (values: FormValues) => ReactNode;
  onSubmit: (values: Record<string, unknown>) => void;
}

/** The add/edit form of a resource, rendered from its field description. */
export function ResourceForm({ formId, fields, row, serverErrors, message, preview, onSubmit }: ResourceFormProps) {
  const isCreate = !row;
  const baseId = useId();
  const [values, setValues] = useState<FormValues>(() => Object.fromEntries(fields.map((f) => [f.name, initialValue(f, row)])));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const errors = { ...serverErrors, ...clientErrors };
  const visible = fields.filter((f) => isFieldShown(f, values, row));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkValues(fields, values, row);
    setClientErrors(found);
    if (Object.keys(found).length === 0) onSubmit(toRecordValues(fields, values, row));
  };
  const set = (name: string, value: string | boolean) => {
    setValues((v) => ({ ...v, [name]: value }));
    setClientErrors(({ [name]: _, ...rest }) => rest);
  };

  return (
    <form id={formId} noValidate onSubmit={submit} className="space-y-4">
      {message ? <Alert>{message}</Alert> : null}
      {visible.map((field) => {
        const id = `${baseId}-${field.name}`;
        const error = errors[field.name];
        const hintId = field.hint ? `${id}-hint` : undefined;
        const errorId = error ? `${id}-error` : undefined;
        const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
        const disabled = !isCreate && field.readOnlyOnEdit;
        const common = {
          id,
          name: field.name,
          disabled,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": describedBy,
          required: field.required,
        } as const;
        const value = values[field.name];
        return (
          <div key={field.name}>
            {field.kind === "choices" ? (
              <Choices field={field} id={id} value={String(value)} describedBy={describedBy} onChange={(v) => set(field.name, v)} />
            ) : field.kind === "checkbox" ? (
              <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium text-slate-800">
                <input
                  {...common}
                  type="checkbox"
                  checked={value === true}
                  onChange={(e) => set(field.name, e.target.checked)}
                  className="size-4 accent-red-700"
                />
                {field.label}
              </label>
            ) : (
              <>
                <label htmlFor={id} className="block text-sm font-medium text-slate-800">
                  {field.label}
                  {field.kind === "money" && field.currency ? ` (${field.currency.toUpperCase()})` : null}
                  {field.required ? <span aria-hidden="true"> *</span> : null}
                </label>
                {field.kind === "select" ? (
                  <select
                    {...common}
                    value={String(value)}
                    onChange={(e) => set(field.name, e.target.value)}
                    className={inputClass(!!error)}
                  >
                    {field.required ? (
                      value === "" ? (
                        <option value="" disabled>
                          Choose…
                        </option>
                      ) : null
                    ) : (
                      <option value="">—</option>
                    )}
                    {field.options?.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                ) : field.kind === "textarea" || field.kind === "lines" ? (
                  <textarea
                    {...common}
                    rows={field.kind === "lines" ? 4 : 6}
                    maxLength={field.maxLength}
                    value={String(value)}
                    onChange={(e) => set(field.name, e.target.value)}
                    className={inputClass(!!error)}
                  />
                ) : (
                  <input
                    {...common}
                    type={
                      field.kind === "datetime"
                        ? "datetime-local"
                        : field.kind === "number"
                          ? "number"
                          : field.kind === "email"
                            ? "email"
                            : "text"
                    }
                    inputMode={field.kind === "number" ? "numeric" : field.kind === "money" ? "decimal" : undefined}
                    placeholder={field.kind === "money" ? moneyInput(0, currencyOf(field)) : undefined}
                    min={field.min}
                    max={field.max}
                    maxLength={field.maxLength}
                    value={String(value)}
                    onChange={(e) => set(field.name, e.target.value)}
                    className={inputClass(!!error)}
                  />
                )}
              </>
            )}
            {field.hint ? (
              <p id={hintId} className="mt-1 text-xs text-slate-500">
                {field.hint}
              </p>
            ) : null}
            {error ? (
              <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
      {preview ? <div className="border-t border-slate-200 pt-4">{preview(values)}</div> : null}
    </form>
  );
}

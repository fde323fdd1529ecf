import { type InputHTMLAttributes, type ReactNode, useId } from "react";

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: ReactNode;
}

/** A labelled input with its hint and error; the error is announced and tied to the input. */
export function TextField({ label, name, error, hint, className, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-700 focus-visible:ring-offset-1 sm:text-sm ${
          error ? "border-red-600" : "border-slate-300"
        }`}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A two-factor code: six digits, offered by the phone's one-time-code autofill. */
export function CodeField(props: Omit<TextFieldProps, "inputMode" | "autoComplete" | "maxLength">) {
  return <TextField inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...props} />;
}

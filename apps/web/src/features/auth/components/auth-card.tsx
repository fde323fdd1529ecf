import type { ReactNode } from "react";

/** The centred card that frames the sign-in and sign-up screens. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {description ? <div className="mt-2 text-sm text-slate-600">{description}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
      {footer ? <div className="mt-6 space-y-2 text-center text-sm text-slate-600">{footer}</div> : null}
    </div>
  );
}

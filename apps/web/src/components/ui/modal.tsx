import { type ReactNode, type RefObject, useEffect, useId, useRef } from "react";
import { dialogKeyHandler } from "./dialog-keys";

interface ModalProps {
  title: string;
  children: ReactNode;
  /** Focus moves here when the dialog opens (defaults to the dialog itself). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  onClose?: () => void;
  footer?: ReactNode;
  /** A wider dialog (a picker), still within a phone's width. */
  wide?: boolean;
}

/** An accessible modal dialog: labelled, focus moved in, Tab kept inside, Escape closes. */
export function Modal({ title, children, initialFocusRef, onClose, footer, wide = false }: ModalProps) {
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    (initialFocusRef?.current ?? dialogRef.current)?.focus();
    return () => previous?.focus?.();
  }, [initialFocusRef]);

  const onKeyDown = dialogKeyHandler(dialogRef, onClose);

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 p-4">
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={`max-h-full w-full overflow-y-auto rounded-xl bg-white p-6 shadow-xl outline-none ${wide ? "max-w-lg" : "max-w-sm"}`}
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div id={bodyId} className="mt-2 text-sm text-slate-600">
          {children}
        </div>
        {footer ? <div className="mt-6 flex justify-end gap-3">{footer}</div> : null}
      </div>
    </div>
  );
}

import { type ReactNode, useRef } from "react";
import { Modal } from "./modal";
import { buttonClass } from "./styles";

interface ConfirmModalProps {
  title: string;
  children: ReactNode;
  /** The confirming button's text, and its text while the action runs. */
  confirmLabel: string;
  pendingLabel: string;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action that cannot be taken back; focus starts on Cancel, the safe choice. */
export function ConfirmModal({ title, children, confirmLabel, pendingLabel, isPending, onConfirm, onCancel }: ConfirmModalProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      title={title}
      onClose={onCancel}
      initialFocusRef={cancelRef}
      footer={
        <>
          <button ref={cancelRef} type="button" className={buttonClass.secondary} onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className={buttonClass.primary} disabled={isPending} aria-busy={isPending} onClick={onConfirm}>
            {isPending ? pendingLabel : confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}

import { Modal } from "../../../components/ui/modal";
import { buttonClass } from "../../../components/ui/styles";

type Props = {
  answeredCount: number;
  questionCount: number;
  hasFlagged: boolean;
  isSubmitting: boolean;
  onSubmit: () => void;
  onClose: () => void;
  /** What happens to unanswered questions (an offline quiz leaves them in its pack for the next one). */
  unansweredNote?: string;
};

/** "Submit your quiz?": what is still unanswered or flagged, then submit or keep going. */
export function SubmitDialog({
  answeredCount,
  questionCount,
  hasFlagged,
  isSubmitting,
  onSubmit,
  onClose,
  unansweredNote = "Unanswered questions count as wrong.",
}: Props) {
  return (
    <Modal title="Submit your quiz?" onClose={onClose}>
      <p className="text-sm text-slate-700">
        You answered {answeredCount} of {questionCount} questions.
        {answeredCount < questionCount ? ` ${unansweredNote}` : ""}
        {hasFlagged ? " Some questions are still flagged." : ""}
      </p>
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className={buttonClass.secondary} onClick={onClose}>
          Keep going
        </button>
        <button type="button" className={buttonClass.primary} onClick={onSubmit} disabled={isSubmitting}>
          {isSubmitting ? "Submitting…" : "Submit"}
        </button>
      </div>
    </Modal>
  );
}

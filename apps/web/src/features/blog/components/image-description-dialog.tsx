import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Modal } from "../../../components/ui/modal";
import { buttonClass } from "../../../components/ui/styles";
import { ALT_TEXT_MISSING, AltTextField } from "./alt-text-field";

/** Changes the alt text of an image already in the post body; like inserting one, it cannot be left empty. */
export function ImageDescriptionDialog({
  initial,
  onSave,
  onClose,
}: {
  initial: string;
  onSave: (alt: string) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [alt, setAlt] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  // The writer starts on the text as it is, selected, to type over or amend (after the modal's own focus).
  useEffect(() => {
    const input = formRef.current?.querySelector("input");
    input?.focus();
    input?.select();
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Inside the post form's tree through a portal: the post form must not submit too.
    event.stopPropagation();
    if (!alt.trim()) {
      setError(ALT_TEXT_MISSING);
      return;
    }
    onSave(alt.trim());
  };

  return createPortal(
    <Modal
      title="Describe image"
      onClose={onClose}
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className={buttonClass.primary}>
            Save description
          </button>
        </>
      }
    >
      <form ref={formRef} id={formId} noValidate onSubmit={submit}>
        <AltTextField value={alt} error={error} onChange={setAlt} onFilled={() => setError(undefined)} />
      </form>
    </Modal>,
    document.body,
  );
}

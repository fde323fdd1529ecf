import { TextField } from "../../../components/ui/form-field";

/** What an empty alt text is told, when an image goes into a post and when its description changes. */
export const ALT_TEXT_MISSING = "Describe the image for readers who cannot see it";

/**
 * The alt text of an image in a post body: required and at most 250 characters. `onChange` gets
 * the text as typed; the error clears once there is something to keep.
 */
export function AltTextField({
  value,
  error,
  onChange,
  onFilled,
}: {
  value: string;
  error?: string;
  onChange: (alt: string) => void;
  onFilled: () => void;
}) {
  return (
    <TextField
      label="Alt text"
      name="alt"
      value={value}
      onChange={(e) => {
        onChange(e.target.value);
        if (e.target.value.trim()) onFilled();
      }}
      maxLength={250}
      required
      error={error}
      hint="What the image shows, for readers who cannot see it."
    />
  );
}

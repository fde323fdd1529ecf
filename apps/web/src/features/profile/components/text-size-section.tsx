import { useState } from "react";
import { deviceStorage, READING_TEXT_CLASS, readTextSize, saveTextSize, TEXT_SIZES, type TextSize } from "../../../lib/text-size";
import { Section } from "./section";

/**
 * The reading text size: a setting of this device (a phone and a desktop want different sizes),
 * applied at once, which the quiz player, results and the library's reading pages follow.
 */
export function TextSizeSection({ initial = readTextSize(deviceStorage()) }: { initial?: TextSize }) {
  const [size, setSize] = useState<TextSize>(initial);
  const choose = (next: TextSize) => {
    setSize(next);
    saveTextSize(deviceStorage(), document.documentElement, next);
  };
  return (
    <Section
      id="text-size-heading"
      title="Text size"
      description="How large the text of quizzes, results, the library, the study assistant and blog posts is on this device. It changes at once."
    >
      <fieldset>
        <legend className="sr-only">Text size</legend>
        <div className="flex flex-wrap gap-2">
          {TEXT_SIZES.map((option) => (
            <label
              key={option.value}
              className={`flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-red-700 ${
                size === option.value ? "border-red-700 bg-red-50 font-semibold text-red-900" : "border-slate-300 text-slate-800"
              }`}
            >
              <input
                type="radio"
                name="text-size"
                value={option.value}
                checked={size === option.value}
                onChange={() => choose(option.value)}
                className="accent-red-700"
              />
              {option.label}
            </label>
          ))}
        </div>
        <p className={`${READING_TEXT_CLASS} mt-4 rounded-lg bg-slate-50 p-3 text-slate-700`} aria-hidden="true">
          <span className="text-sm">A sample: a patient is not breathing normally. Open the airway and call for help.</span>
        </p>
      </fieldset>
    </Section>
  );
}

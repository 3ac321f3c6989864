import { useId } from "react";

/**
 * The field robots fill and people never see (DECISIONS D7): off screen, out of the tab
 * order and hidden from screen readers. The server answers a filled one as if saved.
 */
export function HoneypotField({ value, onChange }: { value?: string; onChange?(value: string): void }) {
  const id = useId();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input
        id={id}
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        // Uncontrolled on a form that only posts (no value given): robots fill it as they like.
        {...(onChange ? { value, onChange: (event) => onChange(event.target.value) } : { defaultValue: "" })}
      />
    </div>
  );
}

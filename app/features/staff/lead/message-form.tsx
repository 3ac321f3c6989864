import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { ErrorSummary, focusErrorSummary } from "~/components/ui/error-summary";
import { controlClass } from "~/components/ui/field";
import { NOTE_MAX_LENGTH } from "~/domain/field-limits";
import { MESSAGE_CHANNEL_LABELS, MESSAGE_CHANNELS } from "~/domain/lead-work";
import type { Refusal } from "../lead-work-forms";
import { refusalKey } from "./work-section";

// Logging an email or a letter, as quick as a call (issue 50): which way it went and a
// line on it, one post. A borrower who prefers email is worked by email, and the feed says so.

export const MESSAGE_FORM = "message";

export function MessageForm({ refusal, busy }: { refusal: Refusal | null; busy: boolean }) {
  const mine = refusal?.form === MESSAGE_FORM;
  const values = mine ? (refusal.values ?? {}) : {};
  const invalid = mine && refusal.field === "channel";
  return (
    <Form
      method="post"
      id="log-message"
      className="scroll-mt-4 space-y-3"
      aria-labelledby="message-heading"
      data-testid="message-form"
      noValidate
    >
      {invalid && (
        <ErrorSummary
          key={refusalKey(refusal)}
          problems={[{ targetId: `message-channel-${MESSAGE_CHANNELS[0]}`, message: refusal.error }]}
          autoFocus
          ref={focusErrorSummary}
        />
      )}
      <h3 id="message-heading" className="text-lg font-bold text-slate-900">
        Log an email or letter
      </h3>
      <input type="hidden" name="intent" value={MESSAGE_FORM} />
      <fieldset className="space-y-1" aria-describedby={invalid ? "message-error-channel" : undefined}>
        <legend className="font-semibold">Which way did it go?</legend>
        {invalid && (
          <p id="message-error-channel" className="font-semibold text-red-800">
            <span className="sr-only">Error: </span>
            {refusal.error}
          </p>
        )}
        {MESSAGE_CHANNELS.map((channel) => (
          <div key={channel} className="flex min-h-11 items-center gap-2">
            <input
              id={`message-channel-${channel}`}
              type="radio"
              name="channel"
              value={channel}
              defaultChecked={values.channel === channel}
              className="size-5"
            />
            <label htmlFor={`message-channel-${channel}`}>{MESSAGE_CHANNEL_LABELS[channel]}</label>
          </div>
        ))}
      </fieldset>
      <div>
        <label htmlFor="message-note" className="block font-semibold">
          What it said (optional)
        </label>
        <textarea
          id="message-note"
          name="message-note"
          rows={2}
          maxLength={NOTE_MAX_LENGTH}
          defaultValue={values["message-note"] ?? ""}
          className={controlClass}
        />
      </div>
      <Button type="submit" size="sm" disabled={busy}>
        Log it
      </Button>
    </Form>
  );
}

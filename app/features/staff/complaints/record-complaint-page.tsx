import { SelectField, TextField } from "~/components/ui/field";
import { ComplaintForm } from "~/components/complaint-form";
import type { ComplaintErrors, ComplaintValues } from "~/domain/complaint-form";
import { COMPLAINT_CHANNELS, type ComplaintChannel } from "~/domain/complaints";

// /staff/complaints/new: a complaint taken by phone, email or letter, recorded by the
// member who took it (its handler). The person's words go in as they gave them.

export interface RecordComplaintProps {
  values: ComplaintValues & { channel: string; receivedDay: string; receivedTime: string };
  errors: ComplaintErrors & { channel?: string; received?: string };
  /** The lead it came with, carried from the lead page. */
  lead: { kind: string; id: string } | null;
  action: string;
}

const STAFF_CHANNELS = (Object.keys(COMPLAINT_CHANNELS) as ComplaintChannel[]).filter((c) => c !== "web-form");

export function RecordComplaintPage({ values, errors, lead, action }: RecordComplaintProps) {
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">Record a complaint</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        Anything a person says that shows they are unhappy with us is a complaint, however they say it. Record it the
        day it reaches us: its clock runs from then, and you will be its handler.
      </p>
      <div className="mt-6 max-w-3xl">
        <ComplaintForm
          action={action}
          values={values}
          errors={errors}
          forStaff
          submitLabel="Record the complaint"
          extraProblems={[
            ...(errors.channel ? [{ targetId: "complaint-channel", message: errors.channel }] : []),
            ...(errors.received ? [{ targetId: "complaint-received", message: errors.received }] : []),
          ]}
        >
          {lead && <p className="text-slate-700">It comes with lead {lead.id.slice(0, 8).toUpperCase()}.</p>}
          <SelectField
            id="complaint-channel"
            name="channel"
            label="How did it reach us?"
            className="max-w-sm"
            defaultValue={values.channel}
            placeholder="Choose"
            options={Object.fromEntries(STAFF_CHANNELS.map((channel) => [channel, COMPLAINT_CHANNELS[channel]]))}
            error={errors.channel}
          />
          <fieldset>
            <legend className="font-semibold text-slate-900">When did it reach us? (UK time)</legend>
            <div className="mt-1.5 flex flex-wrap gap-4">
              <TextField
                id="complaint-received"
                name="receivedDay"
                type="date"
                label="Day"
                defaultValue={values.receivedDay}
                error={errors.received}
              />
              <TextField
                id="complaint-received-time"
                name="receivedTime"
                type="time"
                label="Time"
                defaultValue={values.receivedTime}
              />
            </div>
          </fieldset>
        </ComplaintForm>
      </div>
    </>
  );
}

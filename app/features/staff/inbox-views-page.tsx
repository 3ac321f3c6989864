import { Form } from "react-router";
import { Notice } from "~/components/console/notice";
import { TextLink } from "~/components/console/text-link";
import { Button } from "~/components/ui/button";
import { ErrorSummary } from "~/components/ui/error-summary";
import { TextField } from "~/components/ui/field";
import { VIEW_NAME_MAX_LENGTH } from "~/domain/inbox-views";

// /staff/views (decision 422): the member's own views of the leads list. Saving names the
// list as it was when "Save or manage views" was followed (its filter and order, not its
// search text); each view can be opened or removed. Plain forms: each works before script.

export interface InboxViewsPageProps {
  /** The list's query to save, as the inbox wrote it; empty for every lead. */
  list: string;
  views: { id: number; name: string; query: string }[];
  /** The post refused: its reason, and the name as typed. */
  refusal?: { error: string; name: string } | null;
  /** A view just removed, by name. */
  removed?: string | null;
  max: number;
}

const leadsPath = (query: string) => (query ? `/staff?${query}` : "/staff");

export function InboxViewsPage({ list, views, refusal = null, removed = null, max }: InboxViewsPageProps) {
  return (
    <>
      <p>
        <TextLink to={leadsPath(list)}>Back to the leads</TextLink>
      </p>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">Your views of the leads</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        A view keeps the list's filters and order, not its search text. Everyone has Mine, Not assigned, Waiting over a
        day and New today; you can keep up to {max} of your own.
      </p>
      {refusal && (
        <ErrorSummary className="mt-4" problems={[{ targetId: "view-name", message: refusal.error }]} autoFocus />
      )}
      {removed && (
        <div className="mt-4">
          <Notice tone="success">The view {removed} was removed.</Notice>
        </div>
      )}
      <Form
        method="post"
        className="mt-4 max-w-md space-y-3 rounded-lg border border-slate-300 p-4"
        aria-labelledby="save-heading"
      >
        <h2 id="save-heading" className="text-lg font-bold text-slate-900">
          Save the list as it is now
        </h2>
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="list" value={list} />
        <TextField
          id="view-name"
          name="name"
          label="Name of the view"
          hint="A view of the same name is replaced."
          maxLength={VIEW_NAME_MAX_LENGTH * 2}
          defaultValue={refusal?.name ?? ""}
          error={refusal?.error}
          autoComplete="off"
        />
        <Button type="submit" size="sm">
          Save view
        </Button>
      </Form>
      <section aria-labelledby="views-heading" className="mt-6">
        <h2 id="views-heading" className="text-lg font-bold text-slate-900">
          Your views ({views.length})
        </h2>
        {views.length === 0 ? (
          <p className="mt-2 text-slate-700">You have not saved a view yet.</p>
        ) : (
          <ul className="mt-2 space-y-2" data-testid="saved-views">
            {views.map((view) => (
              <li key={view.id} className="flex flex-wrap items-center gap-3">
                <TextLink to={leadsPath(view.query)}>{view.name}</TextLink>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="view" value={view.id} />
                  <input type="hidden" name="list" value={list} />
                  <Button type="submit" variant="outline" size="sm" aria-label={`Remove the view ${view.name}`}>
                    Remove
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

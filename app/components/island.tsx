import type { ReactNode } from "react";

/**
 * A part of a page that hydrates while the page around it ships no React
 * (docs/decisions/058). The server renders `children` inside the island's element; the
 * script (an `?island-module` URL) hydrates that element with the component registered
 * under `name`, given the same `props` (JSON). A page may hold several islands of one
 * script: the browser runs a module once.
 */
export function Island({
  name,
  script,
  props,
  children,
}: {
  name: string;
  script: string;
  props?: Record<string, unknown>;
  children: ReactNode;
}) {
  return (
    <>
      <div data-island={name} data-props={props ? JSON.stringify(props) : undefined}>
        {children}
      </div>
      <script type="module" src={script} />
    </>
  );
}

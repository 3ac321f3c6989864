import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { ROUTES_DIR, routeFiles, routeName } from "./route-files";

// The staff console's routes read from their files (app/routes/staff*.tsx, or a folder's
// route.tsx), so a route added tomorrow is walked without anyone listing it: each exported
// loader and action, and the permission its first statement asks the guard for (DECISIONS D25).

export { ROUTES_DIR };

/** Routes before or outside a session: the door (sign-in, enrolment) and leaving it. */
export const DOOR_ROUTES: Record<string, string> = {
  "staff_.sign-in.tsx": "signing in: there is no member yet",
  "staff_.enrol.tsx": "the one-time link: there is no session yet",
  "staff.sign-out.tsx": "signing out ends a session, whoever holds it, and has no page",
};

export interface ConsoleHandler {
  file: string;
  handler: "loader" | "action";
  /** The permission literal the first statement asks for, or null when it asks none. */
  permission: string | null;
  /** The guard's `{ download: true }`: a refusal goes to the refusal page. */
  download: boolean;
  /** The first statement, for a failure's message. */
  first: string;
}

export const consoleRouteFiles = () => routeFiles().filter((f) => /^staff[._]/.test(f));

/** The body of an exported loader or action: a function declaration or an exported const arrow. */
function exportedHandlers(source: ts.SourceFile) {
  const found: {
    name: "loader" | "action";
    body: ts.Block | ts.ConciseBody | undefined;
    wrapped?: { permission: string | null; download: boolean; text: string };
  }[] = [];
  const exported = (node: ts.Node) =>
    ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && exported(statement)) {
      const name = statement.name?.text;
      if (name === "loader" || name === "action") found.push({ name, body: statement.body });
    }
    if (ts.isVariableStatement(statement) && exported(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const name = ts.isIdentifier(declaration.name) ? declaration.name.text : "";
        const init = declaration.initializer;
        if (
          (name === "loader" || name === "action") &&
          init &&
          (ts.isArrowFunction(init) || ts.isFunctionExpression(init))
        ) {
          found.push({ name, body: init.body });
        }
        if ((name === "loader" || name === "action") && init && ts.isCallExpression(init)) {
          found.push({ name, body: undefined, wrapped: wrapperCall(init, name, source) });
        }
      }
    }
    // `export { x as loader }` would hide a handler from this walk: counted as one asking nothing.
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) {
        const name = element.name.text;
        if (name === "loader" || name === "action") found.push({ name, body: undefined });
      }
    }
  }
  return found;
}

/**
 * The console's wrapper (server/staff/console-route.server.ts): `consoleLoader("x", …)`
 * for a loader, `consoleAction("x", { intents }, …)` for an action; anything else asks nothing.
 */
function wrapperCall(call: ts.CallExpression, name: "loader" | "action", source: ts.SourceFile) {
  const text = call.getText(source).split("\n")[0] ?? "";
  const wrapper = name === "loader" ? "consoleLoader" : "consoleAction";
  if (!ts.isIdentifier(call.expression) || call.expression.text !== wrapper)
    return { permission: null, download: false, text };
  const [permission, , third] = call.arguments;
  const options = name === "loader" ? third : call.arguments[2];
  return {
    permission: permission && ts.isStringLiteral(permission) ? permission.text : null,
    download: downloadOption(options),
    text,
  };
}

/** `{ download: true }` among the guard's options. */
function downloadOption(options: ts.Expression | undefined) {
  return (
    options !== undefined &&
    ts.isObjectLiteralExpression(options) &&
    options.properties.some(
      (p) =>
        ts.isPropertyAssignment(p) &&
        ts.isIdentifier(p.name) &&
        p.name.text === "download" &&
        p.initializer.kind === ts.SyntaxKind.TrueKeyword,
    )
  );
}

/** `await requirePermission(context, request, "x", …)`, bare or as a declaration's value. */
function guardCall(statement: ts.Statement | undefined) {
  if (!statement) return null;
  let expression: ts.Expression | undefined;
  if (ts.isExpressionStatement(statement)) expression = statement.expression;
  if (ts.isVariableStatement(statement)) expression = statement.declarationList.declarations[0]?.initializer;
  if (!expression || !ts.isAwaitExpression(expression)) return null;
  const call = expression.expression;
  if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || call.expression.text !== "requirePermission") {
    return null;
  }
  const [context, request, permission, options] = call.arguments;
  if (!context || !request || !permission || !ts.isStringLiteral(permission)) return null;
  if (!ts.isIdentifier(context) || context.text !== "context") return null;
  if (!ts.isIdentifier(request) || request.text !== "request") return null;
  return { permission: permission.text, download: downloadOption(options) };
}

/** Every exported loader and action of the console's route files, with what it asks first. */
export function consoleHandlers(): ConsoleHandler[] {
  const handlers: ConsoleHandler[] = [];
  for (const file of consoleRouteFiles()) {
    const text = readFileSync(path.join(ROUTES_DIR, file), "utf8");
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    for (const { name, body, wrapped } of exportedHandlers(source)) {
      if (wrapped) {
        const { permission, download, text } = wrapped;
        handlers.push({ file, handler: name, permission, download, first: text });
        continue;
      }
      const first = body && ts.isBlock(body) ? body.statements[0] : undefined;
      const asked = guardCall(first);
      handlers.push({
        file,
        handler: name,
        permission: asked?.permission ?? null,
        download: asked?.download ?? false,
        first: first?.getText(source).split("\n")[0] ?? "(no body)",
      });
    }
  }
  return handlers;
}

/** The path a console route file answers at, as a pattern: `staff.leads.$kind.$id/route.tsx` is `/staff/leads/:kind/:id`. */
export const consolePagePath = (file: string) =>
  `/${routeName(file)
    .split(".")
    .filter((part) => part !== "_index")
    .map((part) => part.replace(/_$/, "").replace(/^\$/, ":"))
    .join("/")}`;

/**
 * Every intent each console route's action takes, read from the wrapper's declaration
 * (server/staff/console-route.server.ts gives its action the names of its intents): a
 * route file's module loaded by `load`, as React Router loads it. An action not made by
 * the wrapper is listed with no intents, so a walk sees it and fails.
 */
export async function consoleActionIntents(load: (file: string) => Promise<Record<string, unknown>>) {
  const found: { file: string; page: string; intents: readonly string[] | null }[] = [];
  for (const file of consoleRouteFiles()) {
    if (Object.hasOwn(DOOR_ROUTES, file)) continue;
    const route = await load(file);
    if (typeof route.action !== "function") continue;
    const intents = (route.action as { intents?: unknown }).intents;
    found.push({
      file,
      page: consolePagePath(file),
      intents: Array.isArray(intents) ? (intents as string[]) : null,
    });
  }
  return found;
}

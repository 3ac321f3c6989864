import type { FieldError } from "~/domain/schemas";

/** The 'Validation Error' toast's body: each field path with its message (spec section 5). */
export function ValidationErrors({ errors }: { errors: FieldError[] }) {
  return (
    <ul className="mt-1 list-disc space-y-0.5 pl-4">
      {errors.map((error) => (
        <li key={`${error.path}:${error.message}`}>
          {error.path ? `${error.path}: ` : ""}
          {error.message}
        </li>
      ))}
    </ul>
  );
}

/**
 * Joins class names, leaving out the false and empty ones. It does not resolve
 * conflicts: two classes that set the same property would both reach the page and the
 * stylesheet's order would decide. So a component offers named variants (a layout, a
 * spacing, a colour) rather than taking classes that override its own
 * (docs/decisions/139).
 */
export { clsx as cn } from "clsx";

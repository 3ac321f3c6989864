/** The longest path looked up as a file: longer ones go the long way, through the app. */
export const PLAIN_PATH_LIMIT = 2048;

/**
 * A path plain enough to look up as it is: a slash, then segments of letters, digits,
 * `_`, `-` and `.`, none starting with a dot, none empty but the last (a trailing slash).
 * Anything else (percent-encoding, dot segments, `//`, other bytes) goes through the app.
 *
 * One pass over the characters, never a regular expression: a nested quantifier here
 * once held the event loop for ever on a path with a quote after its id (decision 261).
 */
export function isPlainPath(path: string): boolean {
  if (path.length === 0 || path.length > PLAIN_PATH_LIMIT || path.charCodeAt(0) !== SLASH) return false;
  let atSegmentStart = true;
  for (let i = 1; i < path.length; i++) {
    const code = path.charCodeAt(i);
    if (code === SLASH || code === DOT) {
      // A segment may not be empty (`//`) nor start with a dot (`/.env`, `/..`).
      if (atSegmentStart) return false;
      atSegmentStart = code === SLASH;
    } else if (isWordCharacter(code)) {
      atSegmentStart = false;
    } else {
      return false;
    }
  }
  return true;
}

const SLASH = 0x2f;
const DOT = 0x2e;

/** A–Z, a–z, 0–9, `_` and `-`. */
function isWordCharacter(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x5f ||
    code === 0x2d
  );
}

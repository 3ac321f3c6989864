// How long a staff session lasts (DECISIONS D14): read by the session check and by the
// retention job that clears ended sessions away.

/** Idle limit: a session not used for 30 minutes ends. */
export const STAFF_IDLE_SECONDS = 30 * 60;
/** Absolute limit: 8 hours after signing in, whatever the use. */
export const STAFF_SESSION_MAX_SECONDS = 8 * 60 * 60;

/** A partner redirect's countdown on a full page load, on a page that ships no React (decision 010). */
import { startCountdowns } from "../features/partner-redirect/countdown";

startCountdowns();

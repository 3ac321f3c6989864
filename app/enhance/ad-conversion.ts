/** The thank-you page's ad conversion on a full page load (the page's effect runs it after a transition). */
import { watchAdConversions } from "../components/consent/ad-conversion";

watchAdConversions();

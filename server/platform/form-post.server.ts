import { isFromOurPages } from "./security";

const FORM_MEDIA_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * A page action's posted form, or why there is none: 415 for a body that is not a form
 * (JSON, text, none), 400 for a form that cannot be read (broken multipart).
 */
export async function readFormPost(
  request: Request,
): Promise<{ ok: true; form: FormData } | { ok: false; status: 400 | 415 }> {
  const mediaType = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_MEDIA_TYPES.includes(mediaType)) return { ok: false, status: 415 };
  try {
    return { ok: true, form: await request.formData() };
  } catch {
    return { ok: false, status: 400 };
  }
}

/**
 * A cross-site form post must not sign anyone in (login CSRF): the browser's own
 * Fetch Metadata and Origin headers say where the post came from.
 */
export const isSameSitePost = isFromOurPages;

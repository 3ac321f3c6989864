// A console download's response: one place for its headers. Sent as an attachment, never
// kept by a browser or a proxy (it holds the firm's figures or a person's data). A CSV
// file starts with `BOM` and is written a line at a time by `csvLine`: the one cell
// encoder, every cell made safe against formula injection (app/domain/leads.ts).

import { csvField } from "../../app/domain/leads";

/** Put first, so Excel reads the file as UTF-8. */
export const BOM = "\uFEFF";

/** One row of a CSV file: each cell formula-safe and quoted where it must be, CRLF-ended. */
export const csvLine = (cells: (string | number | null)[]) => `${cells.map(csvField).join(",")}\r\n`;

/** A file to download: its name (ASCII, no quotes) and its content type. */
export function fileDownload(filename: string, body: BodyInit, contentType: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** A CSV file to download: a whole text or a byte stream, as UTF-8. */
export function csvDownload(filename: string, body: string | ReadableStream<Uint8Array>): Response {
  return fileDownload(filename, body, "text/csv; charset=utf-8");
}

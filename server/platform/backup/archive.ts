import type { FileHandle } from "node:fs/promises";

// The embedded database's backup is one file: a tar (POSIX ustar) holding PGlite's dump
// of its data folder and the local mail folder's files, so any `tar` can list or unpack
// it. Regular files only, written and read here with Node alone.

const BLOCK = 512;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export interface ArchiveEntry {
  name: string;
  data: Uint8Array<ArrayBuffer>;
}

/** A ustar header for a regular file; a name over 100 bytes is split at a slash into prefix and name. */
function header(name: string, size: number, mtime: Date): Uint8Array {
  const block = new Uint8Array(BLOCK);
  let prefix = "";
  let base = name;
  if (encoder.encode(name).length > 100) {
    const cut = name.lastIndexOf("/", 155);
    prefix = cut > 0 ? name.slice(0, cut) : "";
    base = cut > 0 ? name.slice(cut + 1) : name;
    if (!prefix || encoder.encode(base).length > 100 || encoder.encode(prefix).length > 155) {
      throw new Error(`a file name too long for the backup archive (${name.length} characters)`);
    }
  }
  const put = (offset: number, length: number, text: string) =>
    block.set(encoder.encode(text).slice(0, length), offset);
  const octal = (value: number, length: number) => `${value.toString(8).padStart(length - 1, "0")}\0`;
  put(0, 100, base);
  put(100, 8, octal(0o644, 8));
  put(108, 8, octal(0, 8));
  put(116, 8, octal(0, 8));
  put(124, 12, octal(size, 12));
  put(136, 12, octal(Math.floor(mtime.getTime() / 1000), 12));
  put(148, 8, "        ");
  put(156, 1, "0");
  put(257, 6, "ustar\0");
  put(263, 2, "00");
  put(345, 155, prefix);
  const sum = block.reduce((total, byte) => total + byte, 0);
  put(148, 8, `${sum.toString(8).padStart(6, "0")}\0 `);
  return block;
}

const padding = (size: number) => new Uint8Array((BLOCK - (size % BLOCK)) % BLOCK);

/** Writes `entries` to an open file as one tar, in order; answers the bytes written. */
export async function writeArchive(
  file: FileHandle,
  entries: AsyncIterable<{ name: string; data: Uint8Array }> | { name: string; data: Uint8Array }[],
) {
  let written = 0;
  const write = async (bytes: Uint8Array) => {
    await file.write(bytes);
    written += bytes.length;
  };
  const now = new Date();
  for await (const entry of entries) {
    await write(header(entry.name, entry.data.length, now));
    await write(entry.data);
    await write(padding(entry.data.length));
  }
  await write(new Uint8Array(BLOCK * 2));
  return written;
}

/** The regular files of a tar, by name; throws on a file that is not one. */
export function readArchive(bytes: Uint8Array<ArrayBuffer>): ArchiveEntry[] {
  const entries: ArchiveEntry[] = [];
  const text = (offset: number, length: number) => {
    const field = bytes.subarray(offset, offset + length);
    const end = field.indexOf(0);
    return decoder.decode(end < 0 ? field : field.subarray(0, end));
  };
  let offset = 0;
  while (offset + BLOCK <= bytes.length) {
    const block = bytes.subarray(offset, offset + BLOCK);
    if (block.every((byte) => byte === 0)) return entries;
    const stored = Number.parseInt(text(offset + 148, 8).trim(), 8);
    const sum = block.reduce((total, byte, i) => total + (i >= 148 && i < 156 ? 32 : byte), 0);
    if (stored !== sum) throw new Error("not a backup archive (a damaged or foreign file)");
    const name = text(offset, 100);
    const prefix = text(offset + 345, 155);
    const size = Number.parseInt(text(offset + 124, 12).trim() || "0", 8);
    const type = text(offset + 156, 1);
    const start = offset + BLOCK;
    if (start + size > bytes.length) throw new Error("the backup archive is cut short");
    if (type === "0" || type === "") {
      entries.push({ name: prefix ? `${prefix}/${name}` : name, data: bytes.subarray(start, start + size) });
    }
    offset = start + size + padding(size).length;
  }
  throw new Error("the backup archive is cut short");
}

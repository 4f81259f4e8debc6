import mammoth from "mammoth";
import { getDocumentProxy } from "unpdf";
import { promisify } from "node:util";
import { inflateRaw } from "node:zlib";
import JSZip from "jszip";
import { logger } from "~/modules/logging/logger.server";

/** Pages read from a PDF: enough for a chat, bounded so that a huge file cannot hold a reply up. */
const PDF_PAGE_LIMIT = 50;

/**
 * The text of a PDF (unpdf, pdf.js without a canvas) or a Word .docx (mammoth), at most `limit`
 * characters, for the model to read. Null when the file holds no text (a scanned PDF) or cannot
 * be read; legacy .doc is not read. The caller then names the file instead.
 */
export async function documentText(bytes: Buffer, extension: string, limit: number): Promise<string | null> {
  try {
    const text = extension === "pdf" ? await pdfText(bytes, limit) : extension === "docx" ? await docxText(bytes) : null;
    const trimmed = text?.replace(/\n{3,}/g, "\n\n").trim();
    return trimmed ? trimmed.slice(0, limit) : null;
  } catch (error) {
    logger.warn({ err: error instanceof Error ? error.message : String(error), extension }, "could not read the text of an attachment");
    return null;
  }
}

async function pdfText(bytes: Buffer, limit: number) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  try {
    const pages: string[] = [];
    let length = 0;
    for (let number = 1; number <= Math.min(pdf.numPages, PDF_PAGE_LIMIT) && length < limit; number++) {
      const content = await (await pdf.getPage(number)).getTextContent();
      const page = content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join("");
      pages.push(page);
      length += page.length;
    }
    return pages.join("\n\n");
  } finally {
    await pdf.destroy();
  }
}

/**
 * What a .docx may unpack to, all its parts together: its pictures and a few hundred pages of
 * text. A zip of 10 MB can unpack to gigabytes, and mammoth reads a part whole, into memory.
 */
export const DOCX_UNPACKED_MAX_BYTES = 24 * 1024 * 1024;

async function docxText(bytes: Buffer) {
  const check = await checkDocx(bytes);
  if (check !== "word") {
    logger.warn({ check }, "a .docx attachment was not read");
    return null;
  }
  return (await mammoth.extractRawText({ buffer: bytes })).value;
}

/**
 * Whether a zip is a Word document (it has word/document.xml) that unpacks within
 * DOCX_UNPACKED_MAX_BYTES: "too-large" when it does not, "not-word" for any other zip or none.
 * Its parts are listed by JSZip, as mammoth lists them, so both see the same parts (a zip can name
 * a part twice, or hold more records than it says, and readers differ over which count); every
 * part counts, since mammoth finds the document and its other parts by the names the package's
 * relationships give. Each part is unpacked here with zlib, bounded by what is left of the limit,
 * and must unpack to the size its entry declares: what a zip says is not trusted, and JSZip itself
 * throws outside any promise (taking the process down) on a part whose size is not the declared one.
 */
export async function checkDocx(bytes: Buffer): Promise<"word" | "not-word" | "too-large"> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    return "not-word";
  }
  let budget = DOCX_UNPACKED_MAX_BYTES;
  for (const part of Object.values(zip.files)) {
    if (part.dir) continue;
    const size = await unpackedSize(part, budget);
    if (size === "too-large" || size === "not-word") return size;
    budget -= size;
  }
  const document = zip.files["word/document.xml"];
  return document && !document.dir ? "word" : "not-word";
}

/** A part as JSZip holds it after loadAsync (its CompressedObject: not in its typings, stable across 3.x). */
type PackedPart = { uncompressedSize: number; compression: { magic: string } | null; compressedContent: Uint8Array };
const STORED = "\x00\x00";
const DEFLATED = "\x08\x00";
const inflateRawAsync = promisify(inflateRaw);

async function unpackedSize(part: JSZip.JSZipObject, budget: number): Promise<number | "too-large" | "not-word"> {
  const packed = (part as unknown as { _data?: Partial<PackedPart> })._data;
  if (!packed?.compressedContent || typeof packed.uncompressedSize !== "number") return "not-word";
  const content = Buffer.from(packed.compressedContent.buffer, packed.compressedContent.byteOffset, packed.compressedContent.byteLength);
  let size: number;
  if (packed.compression?.magic === STORED) size = content.length;
  else if (packed.compression?.magic === DEFLATED) {
    try {
      size = (await inflateRawAsync(content, { maxOutputLength: Math.max(1, budget + 1) })).length;
    } catch (error) {
      return (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" ? "too-large" : "not-word";
    }
  } else return "not-word";
  if (size > budget) return "too-large";
  return size === packed.uncompressedSize ? size : "not-word";
}

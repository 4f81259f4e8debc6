import mammoth from "mammoth";
import { getDocumentProxy } from "unpdf";
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
 * It is read with JSZip, as mammoth reads it, so both see the same parts (a zip can name a part
 * twice, or hold more records than it says, and readers differ over which count), and every part
 * counts, since mammoth finds the document and its other parts by the names the package's
 * relationships give. The parts are unpacked here to be counted, a chunk at a time, and the
 * unpacking stops at the limit: what a zip says of its sizes is not trusted.
 */
export async function checkDocx(bytes: Buffer): Promise<"word" | "not-word" | "too-large"> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    return "not-word";
  }
  let budget = DOCX_UNPACKED_MAX_BYTES;
  try {
    for (const part of Object.values(zip.files)) {
      if (part.dir) continue;
      budget = await unpackWithin(part, budget);
      if (budget < 0) return "too-large";
    }
  } catch {
    return "not-word";
  }
  return zip.files["word/document.xml"] && !zip.files["word/document.xml"].dir ? "word" : "not-word";
}

/** Unpacks a part chunk by chunk: what is left of `budget` after it, or -1 as soon as it passes it (the rest is not unpacked). */
function unpackWithin(part: JSZip.JSZipObject, budget: number) {
  return new Promise<number>((resolve, reject) => {
    const stream = part.nodeStream("nodebuffer");
    let left = budget;
    stream.on("data", (chunk: Buffer) => {
      left -= chunk.length;
      if (left >= 0) return;
      stream.pause();
      stream.removeAllListeners();
      resolve(-1);
    });
    stream.once("end", () => resolve(left));
    stream.once("error", reject);
  });
}

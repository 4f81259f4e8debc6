import mammoth from "mammoth";
import { getDocumentProxy } from "unpdf";
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
    const text = extension === "pdf" ? await pdfText(bytes, limit) : extension === "docx" ? (await mammoth.extractRawText({ buffer: bytes })).value : null;
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

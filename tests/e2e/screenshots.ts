import path from "node:path";

/**
 * Where the e2e tests save the pictures they take: test-results/screenshots (ignored, and emptied
 * by the next run) unless SCREENSHOTS_DIR names another folder; `npm run screenshots` makes them
 * all into .screenshots/ (also ignored). Nothing under docs/ is written unless asked for.
 */
export const SCREENSHOTS_DIR = process.env.SCREENSHOTS_DIR || "test-results/screenshots";

/** The path of a picture (or a folder of them) named `name`, under SCREENSHOTS_DIR. */
export const shotPath = (name: string) => path.join(SCREENSHOTS_DIR, name);

/**
 * A picture the docs show (README.md's home page): into docs/screenshots/ when
 * UPDATE_DOCS_SCREENSHOTS=1, otherwise beside the others.
 */
export const docsShotPath = (name: string) => (process.env.UPDATE_DOCS_SCREENSHOTS ? path.join("docs/screenshots", name) : shotPath(name));

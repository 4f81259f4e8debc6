import fs from "node:fs";
import "./matchers";
import os from "node:os";
import path from "node:path";

// Every test file gets its own data folder and a fixed secret; nothing touches ./data.
process.env.NODE_ENV = "test";
process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "cv-test-"));
process.env.SESSION_SECRET = "test-secret-that-is-long-enough-to-pass-validation";
delete process.env.DATABASE_URL;
delete process.env.S3_BUCKET;

// Every catalogue of app/locales, for components and modules that show texts (app/lib/i18n).
await import("~/modules/i18n/catalogue.server");

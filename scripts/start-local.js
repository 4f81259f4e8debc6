// `npm start`: the production build on one machine with no configuration. Outside Docker a
// self-hoster trying the app has no secret yet, so one is generated once and kept in DATA_DIR
// (the same file development uses). Deployments set SESSION_SECRET themselves.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// Read .env first, so a secret or data folder set there is the one used.
try {
  process.loadEnvFile();
} catch {
  // No .env file: the environment alone configures the app.
}

if (!process.env.SESSION_SECRET) {
  const dataDir = path.resolve(process.env.DATA_DIR || "./data");
  const file = path.join(dataDir, "session-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  }
  process.env.SESSION_SECRET = fs.readFileSync(file, "utf8").trim();
}
process.env.NODE_ENV ??= "production";
await import("../server.js");

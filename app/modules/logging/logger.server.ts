import pino from "pino";

/** One structured logger for the whole server. LOG_LEVEL is read directly so logging works before config parses. */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info"),
  redact: ["password", "passwordHash", "apiKey", "*.apiKey", "*.password", "*.passwordHash"],
});

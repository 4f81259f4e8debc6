/**
 * The Chromium that the e2e tests and the page-weight bench drive, launched quietly: no sandbox,
 * no GPU, and no background traffic of its own (updates, sync, QUIC) to blur what the app sends.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

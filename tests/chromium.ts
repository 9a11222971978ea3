// Debian's Chromium and the flags every browser run of the project uses (Playwright tests and the bench): headless,
// no sandbox (root), no GPU, and none of Chromium's own network traffic (this machine's network is closed).
export const CHROMIUM_PATH = process.env.CHROMIUM ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS: string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The system Chromium every browser tool here drives (never a downloaded one), and its flags. */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

// Without the networking flags Chromium keeps calling home, which this machine's closed network refuses.
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

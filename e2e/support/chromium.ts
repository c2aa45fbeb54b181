/**
 * Flags Debian's Chromium needs as root on a closed-network machine (no sandbox for root, no GPU,
 * no calls home). The browser tests and the browser benchmarks launch it alike.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

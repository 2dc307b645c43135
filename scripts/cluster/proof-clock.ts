/**
 * The cluster proof's clock, loaded with `--import` before server/main.ts (never in production):
 * with CANOPY_PROOF_CLOCK_START the process's Date reads that moment at the real time
 * CANOPY_PROOF_CLOCK_FROM (ms since 1970; default: when the process starts) and runs in real time,
 * so servers started one after the other share one clock;
 * a message `{ clockJumpMinutes: n }` on the IPC channel moves it n minutes on. graphile-worker's
 * cron reads Date, so a jump makes it catch up every tick it passed, as after a stalled server.
 * Only Date changes (timers stay real), as the in-process proof's fake timers do.
 */
const start = process.env.CANOPY_PROOF_CLOCK_START;

if (start) {
  const RealDate = Date;
  const from = Number(process.env.CANOPY_PROOF_CLOCK_FROM) || RealDate.now();
  let offset = new RealDate(start).getTime() - from;
  if (Number.isNaN(offset)) throw new Error(`CANOPY_PROOF_CLOCK_START is not a date: ${start}`);

  class ProofDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(RealDate.now() + offset);
      else super(...(args as [string | number | Date]));
    }
    static override now() {
      return RealDate.now() + offset;
    }
  }
  globalThis.Date = ProofDate as DateConstructor;

  process.on('message', (message: { clockJumpMinutes?: number }) => {
    if (typeof message?.clockJumpMinutes !== 'number') return;
    offset += message.clockJumpMinutes * 60_000;
    process.send?.({ clockNow: new ProofDate().toISOString() });
  });
  // The channel must not keep a stopping server alive.
  process.channel?.unref();
}

export {};

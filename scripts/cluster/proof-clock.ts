/**
 * The cluster proof's clock, loaded with `--import` before server/main.ts (never in production):
 * with CANOPY_PROOF_CLOCK_START the process's Date starts at that moment and runs in real time;
 * a message `{ clockJumpMinutes: n }` on the IPC channel moves it n minutes on. graphile-worker's
 * cron reads Date, so a jump makes it catch up every tick it passed, as after a stalled server.
 * Only Date changes (timers stay real), as the in-process proof's fake timers do.
 */
const start = process.env.CANOPY_PROOF_CLOCK_START;

if (start) {
  const RealDate = Date;
  let offset = new RealDate(start).getTime() - RealDate.now();
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

// The one module that reads the clock (`npm run lint` enforces it: eslint.config.js). Everything else is
// handed the time: a `now` for a computation, a `Clock` where it needs the time again later (a lease
// renewed, a run stamped when it ends). Entry points (the server, the commands, the refresh job) pass
// the system clock; tests pass one they pin.

/** Returns the current instant. */
export type Clock = () => Date;

/** The process's clock (libfaketime shifts it in CI's runs at other dates). */
export const systemClock: Clock = () => new Date();

/** Milliseconds since the epoch on the process's clock: deadlines and durations of waits and I/O. */
export const epochMs = (): number => Date.now();

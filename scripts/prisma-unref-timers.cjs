// Preloaded into the Prisma CLI process only. The WebAssembly schema engine leaves a ~10 s timer
// behind after `migrate deploy` has finished, which keeps the CLI alive for ten idle seconds on every
// start. Long timers are unref'd: they still fire while the CLI has work (its database socket keeps
// the process alive), but no longer hold an otherwise finished process open.
const original = global.setTimeout;
global.setTimeout = function setTimeoutUnrefLong(fn, ms, ...args) {
  const timer = original.call(this, fn, ms, ...args);
  if (typeof ms === 'number' && ms >= 5000 && timer && typeof timer.unref === 'function') timer.unref();
  return timer;
};

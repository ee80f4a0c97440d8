// Probes an app's /healthz every `everyMs` while a test does something that must not take it down.
// `stop()` ends the probing and resolves, once every probe under way has its answer, with the statuses
// (0: no answer): a probe still open when the app closes would be reset and reject unhandled.
export function probeHealth(baseUrl: string, everyMs: number) {
  const statuses: number[] = [];
  const probes: Promise<void>[] = [];
  const timer = setInterval(
    () =>
      probes.push(
        fetch(`${baseUrl}/healthz`).then(
          (response) => void statuses.push(response.status),
          () => void statuses.push(0),
        ),
      ),
    everyMs,
  );
  return {
    /** the statuses answered so far */
    statuses,
    async stop(): Promise<number[]> {
      clearInterval(timer);
      await Promise.all(probes);
      return statuses;
    },
  };
}

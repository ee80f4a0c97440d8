// The content and key versions every API process checks before it serves from memory. One small read
// per batch of requests: a request waits for a read that started after it arrived (so a refresh, a
// suppression or a revocation is seen by the very next request), but concurrent requests share it, so
// the database sees about one read per read-time, however many requests arrive.
import type { Db } from '../../infra/prisma.js';

export interface Versions {
  content: number;
  keys: number;
}

export class VersionProbe {
  private inFlight: Promise<Versions> | undefined;
  private queued: Promise<Versions> | undefined;

  constructor(private readonly prisma: Db) {}

  read(): Promise<Versions> {
    if (!this.inFlight) {
      this.inFlight = this.load().finally(() => {
        this.inFlight = undefined;
      });
      return this.inFlight;
    }
    // A read is already under way but may have started before this request: wait for the next one.
    this.queued ??= this.inFlight
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.read();
      });
    return this.queued;
  }

  private async load(): Promise<Versions> {
    const state = await this.prisma.contentState.findUnique({ where: { id: 1 }, select: { version: true, keysVersion: true } });
    return { content: state?.version ?? 0, keys: state?.keysVersion ?? 0 };
  }
}

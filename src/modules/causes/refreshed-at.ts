// A cause's refreshed_at (the last refresh that saw it in its source): while the last import of its source
// saw it, that import's time, kept once on the source (Source.causesSeenAt); else its own refreshedAt.
// So an import writes no row of a cause that is unchanged and was seen the day before.

export interface RefreshedAtFields {
  refreshedAt: Date;
  refreshedWithSource: boolean;
  source: { causesSeenAt: Date | null };
}

export const REFRESHED_AT_SELECT = { refreshedAt: true, refreshedWithSource: true, source: { select: { causesSeenAt: true } } } as const;

export function refreshedAtOf(cause: RefreshedAtFields): Date {
  return cause.refreshedWithSource && cause.source.causesSeenAt ? cause.source.causesSeenAt : cause.refreshedAt;
}

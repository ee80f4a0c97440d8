import type { RequestHandler } from 'express';
/** An Express route that answers like GET /api/v1/daily-action, adding the API key on the server. */
export function dailyActionProxy(options: { serviceUrl: string; apiKey: string; minGapMs?: number; timeoutMs?: number }): RequestHandler;

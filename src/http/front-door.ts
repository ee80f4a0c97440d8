// What every request meets first: its id and arrival, the security and CORS headers, the default
// Cache-Control, the Host check and its observation. The steps are middlewares of their own modules; they
// run here in order as one Express layer, because each layer of the app's router costs its share of every
// request's time (a profile under load put Express's routing at a tenth of it; docs/performance.md).
import type { RequestHandler } from 'express';

/** The middlewares `steps` as one: each runs when the one before calls next(); an answer or an error stops them. */
export function inOrder(steps: readonly RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    let index = 0;
    const step = (error?: unknown): void => {
      if (error !== undefined && error !== null) return next(error);
      const handler = steps[index++];
      if (!handler) return next();
      try {
        const result = handler(req, res, step) as unknown;
        if (result instanceof Promise) result.catch(step);
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}

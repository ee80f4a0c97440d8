// REST v1: thin controllers that map the path and query string to variables, run the operation on the
// GraphQL schema with the same context factory Yoga uses, and return one field of `data`. The HTTP
// status of a failure comes from the error's extensions.
import express, { type Request, type Response } from 'express';
import { execute, type GraphQLSchema } from 'graphql';
import type { Logger } from 'pino';
import { createContext, type AppDeps } from '../../context.js';
import { httpStatusOf } from '../../graphql/errors.js';
import { MESSAGES, sendError } from '../../http/errors.js';
import { compileOperations, type OperationName } from './operations.js';
import { parseQuery, type ParamKind } from './query-params.js';

interface Route {
  path: string;
  operation: OperationName;
  params: readonly ParamKind[];
  pathVariables?: (req: Request) => Record<string, string>;
}

const ROUTES: Route[] = [
  { path: '/daily-action', operation: 'dailyAction', params: ['lang'] },
  { path: '/causes', operation: 'causes', params: ['page', 'pageSize', 'category', 'lang'] },
  { path: '/causes/:slug', operation: 'cause', params: ['lang'], pathVariables: (req) => ({ slug: String(req.params.slug) }) },
];

export function createRestV1Router(schema: GraphQLSchema, deps: AppDeps, logger: Logger) {
  const documents = compileOperations(schema);
  const router = express.Router({ strict: false });

  for (const route of ROUTES) {
    router.get(route.path, async (req: Request, res: Response) => {
      const query = parseQuery(req.query as Record<string, unknown>, route.params);
      if (!query.ok) return sendError(res, 400, query.message);
      const result = await execute({
        schema,
        document: documents[route.operation],
        variableValues: { ...query.variables, ...route.pathVariables?.(req) },
        contextValue: createContext(deps, res.locals.apiKey ?? null),
      });
      const error = result.errors?.[0];
      if (error) {
        const status = httpStatusOf(error);
        if (status) return sendError(res, status, error.message);
        logger.error({ err: error.originalError ?? error, path: req.path }, 'operation failed');
        return sendError(res, 500, MESSAGES.internal);
      }
      res.json(result.data![route.operation]);
    });
    router.all(route.path, (_req, res) => {
      res.set('Allow', 'GET, HEAD');
      sendError(res, 405, MESSAGES.methodNotAllowed);
    });
  }
  router.use((_req, res) => sendError(res, 404, MESSAGES.notFound));
  return router;
}

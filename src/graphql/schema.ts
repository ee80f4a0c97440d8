// Assembles the GraphQL schema from the domain modules.
import { builder } from './builder.js';
import '../modules/causes/causes.schema.js';
import '../modules/causes/cause-dashboard.schema.js';
import '../modules/causes/suppression-history.schema.js';
import '../modules/causes/cause-changes.schema.js';
import '../modules/daily-action/daily-action.schema.js';
import '../modules/daily-action/daily-action-archive.schema.js';
import '../modules/daily-action/pick-history.schema.js';
import '../modules/refresh/refresh.schema.js';
import '../modules/review/review.schema.js';
import '../modules/webhooks/webhooks.schema.js';

export const schema = builder.toSchema({ sortSchema: false });

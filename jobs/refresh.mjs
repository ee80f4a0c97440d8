// Bree starts this file in a worker thread. The main thread's TypeScript loader is not inherited by
// workers, so it is registered here before the job itself is imported.
import { register } from 'tsx/esm/api';

register();
await import('./refresh.job.ts');

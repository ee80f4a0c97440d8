// Reference for the REST targets: a bare Express 5 route returning a precomputed JSON body of a given
// size with Express's Content-Type and Content-Length only (no ETag hashing, none of the API's own
// headers, no log line). Usage: reference-express.ts PORT SIZES
import express from 'express';
import { positionalArgs } from '../../src/cli/script-args.js';

const [portArg, sizesArg] = positionalArgs(
  "Usage: node --import tsx scripts/bench/reference-express.ts PORT SIZES\n  The benchmark's bare Express reference (bench.ts starts it): GET /body/<size> for each of the comma-separated SIZES.",
  2,
);
const [port, sizes] = [Number(portArg), sizesArg.split(',').map(Number)];
const bodies = new Map(sizes.map((size) => [size, JSON.stringify({ data: 'x'.repeat(Math.max(0, size - 12)) })]));
const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.get('/body/:size', (req, res) => {
  res
    .status(200)
    .type('application/json')
    .send(bodies.get(Number(req.params.size)));
});
app.listen(port, '127.0.0.1', () => console.log(`listening on ${port}`));

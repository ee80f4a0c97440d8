// Preloaded by `npm start` and the operator's commands (`node --import`): stops them on a Node.js this
// service does not support, at once and with the fix, instead of serving and decoding some feeds wrongly.
import { checkNode } from './check-node.mjs';

const message = checkNode();
if (message) {
  console.error(message);
  process.exit(1);
}

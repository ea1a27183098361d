// MJML's render, in a worker thread of its own (server/templates/render.ts, decision 125): a design
// near its 256 KB bound takes about 70 MB of heap and 0.75 s of CPU, which would otherwise come out
// of the server's 320 MB heap and stop its event loop for every other request. Plain JavaScript:
// the worker runs under plain node, outside Next's bundle.
import { parentPort } from 'node:worker_threads';
import mjml2html from 'mjml';

parentPort.on('message', async ({ id, source }) => {
  try {
    // ignoreIncludes: an mj-include in a user's design must never read the server's files.
    const out = await mjml2html(source, { validationLevel: 'soft', keepComments: false, ignoreIncludes: true });
    parentPort.postMessage({ id, html: out.html });
  } catch (e) {
    parentPort.postMessage({ id, error: e instanceof Error ? e.message : String(e) });
  }
});

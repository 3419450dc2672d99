// Preloaded into a server process (NODE_OPTIONS=--import=./tests/api/module-log.ts): writes to
// stderr every module of server/ the process loads, so a test can say which code a server ran.
import { registerHooks } from 'node:module';

registerHooks({
  load(url, context, nextLoad) {
    if (url.includes('/server/')) process.stderr.write(`module loaded: ${url}\n`);
    return nextLoad(url, context);
  },
});

// `npm start [-- --rebuild]`: the site as in production on this machine. It builds first only when the
// build is missing or older than a file it is made from (the rule `npm run qa:path` follows,
// scripts/stale-build.ts), quietly (`BUILD_VERBOSE=1` shows Vite's tables); --rebuild builds anyway.
import { spawnSync } from 'node:child_process';
import { staleBuild, startBuildReason } from './stale-build.ts';

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== '--rebuild');
if (unknown.length > 0) {
  console.error(`Usage: npm start [-- --rebuild]\nUnknown: ${unknown.join(' ')}`);
  process.exit(2);
}

const reason = startBuildReason(staleBuild(), args.includes('--rebuild'));
if (reason) {
  console.log(`Building the site (${reason})…`);
  const started = performance.now();
  const built = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
  console.log(`Built in ${Math.round((performance.now() - started) / 1000)} s.`);
} else {
  console.log('The build is current: starting it as it is (`npm start -- --rebuild` builds anyway).');
}
// In this process, so Ctrl-C reaches the server's own graceful stop with nothing in between.
await import('../server/main.ts');

// A real server process (`node server/main.ts`) for the tests that need one: killed, stopped with a
// signal, or several side by side. It listens on a free port and is killed at the end if still up.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { TEST_ENV } from './members.ts';

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  url: string;
  stderr: () => string;
  stdout: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

const children: ChildProcessWithoutNullStreams[] = [];

/**
 * Kills every server process a test file started and left running (a `beforeAll` that timed out
 * never hands its server to the file's `afterAll`). Called after each file by tests/api/setup.ts:
 * the API files share one module graph per worker, so a hook registered here would run only for
 * the first file of each worker.
 */
export function killLeftServers(): void {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** A port nothing listens on: taken from the system, then let go (for a server that must know its own). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      ...TEST_ENV,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DIST_DIR: 'does-not-exist',
      // Each server its own database, unless a test names one: two test files starting servers at
      // once on the default data directory refuse each other.
      DATA_DIR: 'memory://',
      ...env,
    },
  });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.stdout.on('data', (d) => {
      out += d;
      const port = /running at http:\/\/localhost:(\d+)/.exec(out)?.[1];
      if (port)
        resolve({ child, url: `http://127.0.0.1:${port}`, stderr: () => err, stdout: () => out, exited });
    });
    void exited.then((code) => reject(new Error(`The server exited with ${code}: ${err}`)));
  });
}

// A session whose answers a test controls, for the machines that follow it through the system.
import { fromPromise } from 'xstate';
import type { User } from '../../../domain/api-types.ts';
import { sessionMachine } from '../../../machines/session/session.machine.ts';

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** The session with `stored` under pcc-user; the server's answer to the check is `check`. */
export function controlledSession(stored: User | null, check: Deferred<User>) {
  return sessionMachine.provide({
    actors: {
      readStoredUser: fromPromise(async () => stored),
      fetchUser: fromPromise(() => check.promise),
    },
  });
}

export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

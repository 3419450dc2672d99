// Runs around every API test file (the files share one module graph per worker, so a module's own
// hooks would run for the first file of each worker only).
import { afterAll } from 'vitest';
import { killLeftServers } from './server-process.ts';

afterAll(killLeftServers);

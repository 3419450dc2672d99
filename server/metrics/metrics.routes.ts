// The figures over HTTP (decision 144): the operator's adminMetrics, served in the admin area behind
// its token, and the studio's studioMetrics, for the trainer of the signed-in staff member.
import { contentServiceFor } from '../content/content-service.ts';
import type { ServerContext } from '../context.ts';
import type { OperationHandler, OperationRequest } from '../http/contract.ts';
import { trainerMetrics } from './metrics.ts';

export function adminMetricsHandler(context: ServerContext): OperationHandler<'adminMetrics'> {
  const deps = { db: context.db, content: contentServiceFor(context.config) };
  return async (request) => ({
    success: true,
    metrics: await trainerMetrics(deps, request.params.trainerID, request.query),
  });
}

/**
 * studioMetrics for a trainer: the studio's session decides whose (the staff member's trainer, never
 * a parameter), and its route passes it here.
 */
export function studioMetricsHandler(context: ServerContext) {
  const deps = { db: context.db, content: contentServiceFor(context.config) };
  return async (trainerId: string, request: OperationRequest<'studioMetrics'>) => ({
    success: true as const,
    metrics: await trainerMetrics(deps, trainerId, request.query),
  });
}

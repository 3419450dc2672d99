// Members created straight in the database, so the payment tests do not depend on the account
// endpoints: the same `Member` that members.ts signs up through the API. The session row is the one
// login writes: a random token stored as its SHA-256.
import { eq } from 'drizzle-orm';
import { hashToken, newToken } from '../../server/auth/tokens.ts';
import type { ServerContext } from '../../server/context.ts';
import { newId } from '../../server/db/ids.ts';
import { sessions, users } from '../../server/db/schema.ts';
import { DEMO_TRAINER_ID } from '../../server/db/seed.ts';
import type { Member } from './members.ts';

export async function createMember(
  context: ServerContext,
  options: {
    trainerId?: string;
    locale?: 'en' | 'es';
    hadTrial?: boolean;
    gatewayCustomerId?: string;
    emailVerified?: boolean;
  } = {},
): Promise<Member> {
  const trainerId = options.trainerId ?? DEMO_TRAINER_ID;
  const id = newId('usr');
  const email = `${id}@example.test`;
  await context.db.insert(users).values({
    id,
    trainerId,
    email,
    name: 'Test Member',
    passwordHash: 'not-used-by-these-tests',
    emailVerified: options.emailVerified ?? true,
    locale: options.locale ?? 'en',
    hadTrial: options.hadTrial ?? false,
    gatewayCustomerId: options.gatewayCustomerId ?? null,
  });
  const token = newToken();
  await context.db.insert(sessions).values({
    tokenHash: hashToken(token),
    trainerId,
    userId: id,
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
  return { id, email, trainerId, token };
}

export async function userRow(context: ServerContext, id: string) {
  const [row] = await context.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`No user ${id}`);
  return row;
}

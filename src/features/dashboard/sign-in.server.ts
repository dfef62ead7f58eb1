/**
 * Dashboard sign-in by e-mail: a single-use link (the session module's magic links) sent
 * through the outbox. The answer is the same whether or not the address is known, so the
 * form cannot be used to find out who our clients are.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { clients } from '../../server/db/schema.ts';
import { readEnv } from '../../server/env.ts';
import { enqueueEmail } from '../../server/mail/outbox.ts';
import { renderEmail } from '../../server/mail/templates.ts';
import { enforce } from '../../server/rate-limit.ts';
import { createMagicLink, magicLinkUrl } from '../../server/session/index.ts';
import { signInRequestSchema } from './dashboard.ts';

export const SIGN_IN_TTL_SECONDS = 30 * 60;

export async function requestSignInLink(
  db: Db,
  body: unknown,
  options: { ip: string; rateLimit?: boolean },
): Promise<{ emailIds: number[] }> {
  const { email } = signInRequestSchema.parse(body);
  const address = email.toLowerCase();
  if (options.rateLimit !== false) {
    await enforce(db, `magic-link:ip:${options.ip}`, { limit: 10, windowSeconds: 15 * 60 });
    await enforce(db, `magic-link:email:${address}`, { limit: 3, windowSeconds: 15 * 60 });
  }
  const [client] = await db.select().from(clients).where(eq(clients.email, address));
  if (!client) return { emailIds: [] };

  const { token } = await createMagicLink(db, client.id, { ttlSeconds: SIGN_IN_TTL_SECONDS });
  const url = magicLinkUrl(readEnv().siteUrl, token);
  const mail = await enqueueEmail(db, {
    kind: 'dashboard.sign-in',
    to: client.email,
    subject: 'Your sign-in link',
    ...renderEmail({
      heading: 'Sign in to your client dashboard',
      paragraphs: [
        'Use the button below to sign in. The link works once and expires in 30 minutes.',
        'If you did not ask for it, you can ignore this e-mail.',
      ],
      action: { label: 'Sign in to your dashboard', url },
    }),
  });
  return { emailIds: [mail.id] };
}

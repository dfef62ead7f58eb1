/** POST /api/contact-form: stores a contact message, queues its e-mails, answers success. */
import type { Config } from '@netlify/functions';
import { contactFormHandler } from '../../src/features/contact/contact.server.ts';

export default contactFormHandler();

export const config: Config = {
  path: '/api/contact-form',
  method: ['POST'],
  // The edge limit stops floods before they reach the function; the app limit (per address,
  // in the database) is in contact.server.ts.
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

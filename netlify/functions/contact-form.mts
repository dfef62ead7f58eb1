import type { Config } from '@netlify/functions';
import { contactFormHandler } from '../../src/features/contact/contact.server.ts';

export default contactFormHandler();

export const config: Config = {
  path: '/api/contact-form',
  method: ['POST'],
  // The edge limit stops floods; the app's per-address limit is in contact.server.ts.
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};

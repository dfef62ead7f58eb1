import { describe, expect, it } from 'vitest';
import { config } from '../../../netlify/functions/stripe-webhook.mts';
import { STRIPE_API_VERSION } from './stripe';
import { webhookDifferences, webhookEndpointParams, webhookEndpointUrl } from './webhook-endpoint';
import { HANDLED_EVENTS } from './webhook-events';

describe('the webhook endpoint stripe:setup keeps', () => {
  it('points at the webhook function, with exactly the handled events on the pinned version', () => {
    expect(webhookEndpointUrl('https://shop.example/')).toBe(
      `https://shop.example${String(config.path)}`,
    );
    expect(webhookEndpointParams('https://shop.example')).toMatchObject({
      url: 'https://shop.example/api/stripe-webhook',
      enabled_events: [...HANDLED_EVENTS],
      api_version: STRIPE_API_VERSION,
      metadata: { managed_by: 'novareach-storefront' },
    });
  });

  it('names every way an endpoint differs', () => {
    const wanted = webhookEndpointParams('https://shop.example');
    const same = {
      url: wanted.url,
      enabled_events: [...HANDLED_EVENTS].reverse(),
      api_version: STRIPE_API_VERSION,
      status: 'enabled',
    };
    expect(webhookDifferences(wanted, same)).toEqual([]);
    expect(
      webhookDifferences(wanted, {
        url: 'https://old.example/api/stripe-webhook',
        enabled_events: [...HANDLED_EVENTS.filter((e) => e !== 'refund.failed'), 'charge.failed'],
        api_version: null,
        status: 'disabled',
      }),
    ).toEqual([
      'url https://old.example/api/stripe-webhook (site https://shop.example/api/stripe-webhook)',
      'missing event refund.failed',
      'extra event charge.failed',
      `api_version the account's default (site ${STRIPE_API_VERSION})`,
      'status disabled',
    ]);
  });
});

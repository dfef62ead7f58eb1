import { describe, expect, it } from 'vitest';
import { standInScript, type StandInRule } from './stand-in';

function markAfter(rule: StandInRule, search: string, storage: Record<string, string> | 'blocked') {
  const dataset: Record<string, string> = {};
  const localStorage = {
    getItem(key: string) {
      if (storage === 'blocked') throw new Error('SecurityError');
      return storage[key] ?? null;
    },
  };
  const run = new Function('localStorage', 'location', 'document', standInScript(rule));
  run(localStorage, { search }, { documentElement: { dataset } });
  return dataset;
}

describe('a stand-in chosen before the first paint', () => {
  const cart = { mark: 'cart', value: 'filled', stored: 'cart', params: ['product'] };

  it('marks <html> for a stored list with items or a named product, not for an empty one', () => {
    expect(markAfter(cart, '', { cart: '[{"id":"a"}]' })).toEqual({ cart: 'filled' });
    expect(markAfter(cart, '?product=starter', {})).toEqual({ cart: 'filled' });
    expect(markAfter(cart, '', { cart: '[]' })).toEqual({});
    expect(markAfter(cart, '?product=', {})).toEqual({});
  });

  it('reads a session hint and leaves the page as served when storage is blocked', () => {
    const session = { mark: 'adminSession', stored: 'admin-signed-in' };
    expect(markAfter(session, '', { 'admin-signed-in': '1' })).toEqual({
      adminSession: 'expected',
    });
    expect(markAfter(session, '', {})).toEqual({});
    expect(markAfter(session, '', 'blocked')).toEqual({});
  });

  it('needs no storage for a rule of parameters only', () => {
    const order = { mark: 'order', params: ['session_id', 'payment_intent'] };
    expect(markAfter(order, '?payment_intent=pi_1', 'blocked')).toEqual({ order: 'expected' });
    expect(markAfter(order, '?other=1', 'blocked')).toEqual({});
  });
});

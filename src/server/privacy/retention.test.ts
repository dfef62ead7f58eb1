import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cutoffOf,
  describe as describeRule,
  periodInWords,
  RETENTION,
  RETENTION_RULES,
  SERVICE_END_POLICY,
} from './retention';

const POLICY = path.resolve(import.meta.dirname, '../../content/pages/privacy-policy.md');

/** The policy's body as running text: front matter gone, lines and spaces joined. */
function policyText(): string {
  const markdown = readFileSync(POLICY, 'utf8').replace(/^---[\s\S]*?\n---\n/, '');
  return markdown.replace(/\s+/g, ' ');
}

describe('the privacy policy', () => {
  const text = policyText();

  it.each(RETENTION_RULES)('states the %s rule in the retention module’s words', (rule) => {
    expect(text).toContain(describeRule(rule));
  });

  it('says when a service ends, as the purge decides it', () => {
    expect(text).toContain(SERVICE_END_POLICY);
  });

  it('names every period of the module with its number', () => {
    for (const rule of RETENTION_RULES) {
      const { period, policy } = RETENTION[rule];
      if (policy.includes('{period}')) expect(text).toContain(periodInWords(period));
    }
  });

  it('fails when a period changes on one side only', () => {
    const changed = describeRule('correspondence').replace('24 months', '36 months');
    expect(text).not.toContain(changed);
  });
});

describe('retention periods', () => {
  it('reads like the policy', () => {
    expect(periodInWords({ years: 7 })).toBe('seven years');
    expect(periodInWords({ months: 24 })).toBe('24 months');
    expect(periodInWords({ days: 90 })).toBe('90 days');
    expect(periodInWords({ days: 1 })).toBe('one day');
  });

  it('counts calendar months and years back from now, days exactly', () => {
    const now = new Date('2031-03-31T12:00:00Z');
    expect(cutoffOf('correspondence', now).toISOString()).toBe('2029-03-31T12:00:00.000Z');
    expect(cutoffOf('orders', now).toISOString()).toBe('2024-03-31T12:00:00.000Z');
    expect(cutoffOf('securityLog', now).toISOString()).toBe('2030-12-31T12:00:00.000Z');
    expect(cutoffOf('emailBodies', now)).toEqual(now);
  });
});

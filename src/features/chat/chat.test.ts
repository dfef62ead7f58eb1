import { describe, expect, it } from 'vitest';
import {
  blockText,
  FALLBACK_REPLY,
  HEADER_CHAT,
  PRODUCTS_CHAT,
  QUICK_QUESTIONS,
  REPLY_RULES,
  isSendable,
  matchRule,
  messageTime,
  replyBlocks,
  replyDelay,
  replyTo,
  showQuickQuestions,
} from './chat';

const ctx = { phone: '(555) 014-2024', email: 'hello@novareach.example' };

describe('reply rules', () => {
  it.each([
    ['What is your pricing?', 'pricing'],
    ['How much does it cost?', 'pricing'],
    ['Price for 3 properties', 'pricing'],
    ['How does it work?', 'how-it-works'],
    ['how will this work for me', 'how-it-works'],
    ['How does Lily answer calls', 'how-it-works'],
    ['Can I get a demo?', 'demo'],
    ['I want to schedule a call', 'demo'],
    ['Book a meeting please', 'demo'],
    ['Do you have an example?', 'examples'],
    ['Show me a video', 'examples'],
    ['Can I see one?', 'examples'],
    ['I want to start', 'getting-started'],
    ['Where do I begin', 'getting-started'],
    ['I need support', 'support'],
    ['Can you help me', 'support'],
    ['How can I contact you', 'support'],
    ['thank you!', 'thanks'],
    ['Thanks a lot', 'thanks'],
  ])('%s → %s', (message, topic) => {
    expect(matchRule(message)?.topic).toBe(topic);
  });

  it('covers every keyword group of spec §9 exactly once, in order', () => {
    expect(REPLY_RULES.map((r) => r.topic)).toEqual([
      'pricing',
      'how-it-works',
      'demo',
      'examples',
      'getting-started',
      'support',
      'thanks',
    ]);
  });

  it('matches case-insensitively and at word starts only', () => {
    expect(matchRule('PRICING?')?.topic).toBe('pricing');
    expect(matchRule('prices')?.topic).toBe('pricing');
    // "how" alone is not enough for the how-it-works group.
    expect(matchRule('how are you')).toBeUndefined();
    // "overseas" contains "see" but not at a word start.
    expect(matchRule('overseas')).toBeUndefined();
  });

  it('quotes the spec figures in the pricing reply', () => {
    const reply = replyTo('pricing', ctx);
    for (const figure of [
      '$299/month',
      '$359',
      '$559',
      '$789',
      '30 videos',
      '60 videos',
      '90 videos',
      '2 platforms',
      '5 platforms',
      '6 platforms',
      '$459/month',
      '$405/month per property',
      'up to 25%',
      'dedicated account manager',
      'custom integrations',
      'Instagram and TikTok',
      'most popular',
      'priority support',
      '50% off',
    ]) {
      expect(reply).toContain(figure);
    }
  });

  it('quotes platforms and claims in the how-it-works reply', () => {
    const reply = replyTo('How does it work?', ctx);
    for (const text of [
      'Instagram, TikTok, YouTube, X, Pinterest and Threads',
      '40%+ more bookings',
      'under 10 minutes',
      'within 24 hours',
      '24/7',
    ]) {
      expect(reply).toContain(text);
    }
  });

  it('mentions demo length, 24/7 support and fills in the contact details', () => {
    expect(replyTo('demo', ctx)).toContain('15 to 20 minutes');
    expect(replyTo('demo', ctx)).toContain(ctx.phone);
    const support = replyTo('support', ctx);
    expect(support).toContain('24/7 support');
    expect(support).toContain(ctx.phone);
    expect(support).toContain(ctx.email);
    expect(support).not.toContain('{');
    expect(replyTo('start', ctx)).toContain('50% off');
  });

  it('falls back to a list of topics it can help with', () => {
    const reply = replyTo('blue elephants', ctx);
    expect(reply).toBe(FALLBACK_REPLY);
    for (const topic of [
      'Pricing',
      'How it works',
      'demo',
      'Examples',
      'Getting started',
      'Support',
    ]) {
      expect(reply).toContain(topic);
    }
  });

  it('every quick question has a canned answer', () => {
    for (const q of QUICK_QUESTIONS) expect(matchRule(q)).toBeDefined();
  });
});

describe('input rules', () => {
  it('never sends empty or whitespace-only input', () => {
    expect(isSendable('')).toBe(false);
    expect(isSendable('   ')).toBe(false);
    expect(isSendable('\n\t ')).toBe(false);
    expect(isSendable(' hi ')).toBe(true);
  });

  it('shows quick questions only while there is at most one message', () => {
    expect(showQuickQuestions(0)).toBe(true);
    expect(showQuickQuestions(1)).toBe(true);
    expect(showQuickQuestions(2)).toBe(false);
  });
});

describe('reply delay', () => {
  it('stays within 1200–2000 ms on the header widget and 1000–2000 ms on the products chatbot', () => {
    expect(replyDelay(HEADER_CHAT.replyDelayMs, () => 0)).toBe(1200);
    expect(replyDelay(HEADER_CHAT.replyDelayMs, () => 0.999999)).toBe(2000);
    expect(replyDelay(PRODUCTS_CHAT.replyDelayMs, () => 0)).toBe(1000);
    expect(replyDelay(PRODUCTS_CHAT.replyDelayMs, () => 0.999999)).toBe(2000);
  });

  it('uses the senders of spec §3', () => {
    expect(HEADER_CHAT.assistantSender).toBe('lily');
    expect(PRODUCTS_CHAT.assistantSender).toBe('bot');
  });
});

describe('reply layout', () => {
  const replies = [
    ...REPLY_RULES.map((r) => replyTo(r.patterns[0]!.join(' '), ctx)),
    FALLBACK_REPLY,
    HEADER_CHAT.greeting,
  ];

  it('changes no word of any reply: the blocks join back into its exact text', () => {
    for (const reply of replies) {
      expect(replyBlocks(reply).map(blockText).join('\n')).toBe(reply);
    }
  });

  it('puts each price of the pricing reply on a line of its own', () => {
    const blocks = replyBlocks(replyTo('pricing', ctx));
    expect(blocks.map((b) => b.kind)).toEqual(['paragraph', 'item', 'item', 'item', 'paragraph']);
    expect(blocks[1]).toEqual({
      kind: 'item',
      marker: '•',
      lead: 'Lily AI sales agent:',
      parts: ['$299/month.'],
    });
    expect(blocks[2]).toMatchObject({
      lead: 'Rental-host video platform by volume:',
      parts: [
        '$359/month for 30 videos on 2 platforms,',
        '$559/month for 60 videos on 5 platforms,',
        'or $789/month for 90 videos on 6 platforms.',
      ],
    });
    const plans = blocks[3]!;
    expect(plans.kind === 'item' && plans.parts.map((p) => p.split(' (')[0])).toEqual([
      'Starter $359/month',
      'Growth $459/month',
      'Enterprise from $405/month per property',
    ]);
  });

  it('lists the numbered steps and the fallback topics as items, the rest as paragraphs', () => {
    const steps = replyBlocks(replyTo('how does it work', ctx));
    expect(steps.map((b) => (b.kind === 'item' ? b.marker : 'p'))).toEqual([
      'p',
      '1.',
      '2.',
      '3.',
      'p',
    ]);
    const topics = replyBlocks(FALLBACK_REPLY).filter((b) => b.kind === 'item');
    expect(topics).toHaveLength(6);
    expect(topics[0]).toEqual({ kind: 'item', marker: '•', parts: ['Pricing and plans'] });
    expect(replyBlocks(HEADER_CHAT.greeting)).toEqual([
      { kind: 'paragraph', text: HEADER_CHAT.greeting },
    ]);
  });
});

describe('messageTime', () => {
  it('writes every minute of a day as en-US Intl does, without loading Intl', () => {
    const intl = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
    // Node's ICU puts a plain space before AM/PM, Chromium's a narrow no-break one.
    const spaced = (text: string) => text.replace(/[\s\u202f]/g, ' ');
    const midnight = new Date(2026, 10, 29).getTime();
    for (let minute = 0; minute < 24 * 60; minute++) {
      const at = midnight + minute * 60_000 + 59_999;
      expect(spaced(messageTime(at))).toBe(spaced(intl.format(at)));
    }
    expect(messageTime(midnight)).toBe('12:00\u202fAM');
  });
});

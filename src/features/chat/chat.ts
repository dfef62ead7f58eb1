// Replies are local keyword matching (spec storefront §4), no server; the rules are data so copy
// and figures change without touching the matching code.

type ChatSender = 'user' | 'lily' | 'bot';

export type ChatMessage = {
  id: string;
  content: string;
  sender: ChatSender;
  /** Epoch milliseconds. */
  timestamp: number;
};

// A rule matches when ANY pattern does; a pattern, when ALL its terms start a word of the
// message ("price" matches "prices").
type ReplyRule = {
  topic: string;
  patterns: readonly (readonly string[])[];
  reply: string;
};

export type ChatContext = { phone: string; email: string };

/** First matching rule wins, so the order below decides overlapping questions. */
export const REPLY_RULES: readonly ReplyRule[] = [
  {
    topic: 'pricing',
    patterns: [['pricing'], ['cost'], ['price']],
    reply: [
      'Here is our pricing:',
      '• Lily AI sales agent: $299/month.',
      '• Rental-host video platform by volume: $359/month for 30 videos on 2 platforms, $559/month for 60 videos on 5 platforms, or $789/month for 90 videos on 6 platforms.',
      '• Rental-host plans: Starter $359/month (30 videos per day, Instagram and TikTok); Growth $459/month (most popular: all 6 platforms, priority support); Enterprise from $405/month per property (unlimited videos, volume discounts up to 25%, a dedicated account manager and custom integrations).',
      'New users get their first month 50% off!',
    ].join('\n'),
  },
  {
    topic: 'how-it-works',
    patterns: [
      ['how', 'work'],
      ['how', 'does'],
    ],
    reply: [
      'It works in three simple steps:',
      '1. Upload photos of your property. Setup takes under 10 minutes.',
      '2. Our AI turns them into videos with music and narration, delivered within 24 hours.',
      '3. The videos are published automatically to Instagram, TikTok, YouTube, X, Pinterest and Threads.',
      'Hosts using it see 40%+ more bookings. Lily AI, our sales agent, works the same way for your calls and chats: she answers 24/7, qualifies leads and books meetings for you.',
    ].join('\n'),
  },
  {
    topic: 'demo',
    patterns: [['demo'], ['schedule'], ['meeting']],
    reply:
      "I'd love to show you a demo! Demos take 15 to 20 minutes. Use the Schedule Meeting link below to pick a time that suits you, or call us at {phone} and we'll walk you through it.",
  },
  {
    topic: 'examples',
    patterns: [['example'], ['video'], ['see']],
    reply:
      'You can see Lily in action in the demo video on our home page and on the Lily AI page, and sample property videos on our Airbnb AI page. Every video is made from your own photos with music and narration, and is ready within 24 hours.',
  },
  {
    topic: 'getting-started',
    patterns: [['start'], ['begin']],
    reply:
      'Getting started is easy: pick a plan, and setup takes under 10 minutes. Your first videos arrive within 24 hours, and new users get their first month 50% off. Want me to set up a quick demo first? Just ask, or schedule a meeting below.',
  },
  {
    topic: 'support',
    patterns: [['support'], ['help'], ['contact']],
    reply:
      'Our team offers 24/7 support. Call us at {phone} or e-mail {email}, or use the call and e-mail buttons below. We reply to every message within 24 hours.',
  },
  {
    topic: 'thanks',
    patterns: [['thank']],
    reply: "You're welcome! Is there anything else I can help you with?",
  },
];

export const FALLBACK_REPLY = [
  "I'm not sure I understood that, but I can help you with:",
  '• Pricing and plans',
  '• How it works',
  '• Scheduling a demo',
  '• Examples and videos',
  '• Getting started',
  '• Support and contact details',
  'What would you like to know?',
].join('\n');

export const QUICK_QUESTIONS = [
  'What are your prices?',
  'How does it work?',
  'Can I see an example?',
  'How do I schedule a demo?',
] as const;

/** The two widgets differ only in these settings (spec storefront §3, §4). */
export type ChatConfig = {
  id: 'header' | 'products';
  assistantSender: Exclude<ChatSender, 'user'>;
  assistantName: string;
  greeting: string;
  /** Inclusive bounds of the random reply delay in ms. */
  replyDelayMs: { min: number; max: number };
};

export const HEADER_CHAT: ChatConfig = {
  id: 'header',
  assistantSender: 'lily',
  assistantName: 'Lily',
  greeting:
    "Hi! I'm Lily, your AI sales assistant. Ask me about pricing, how it works, demos or getting started. How can I help you today?",
  replyDelayMs: { min: 1200, max: 2000 },
};

export const PRODUCTS_CHAT: ChatConfig = {
  id: 'products',
  assistantSender: 'bot',
  assistantName: 'Sales assistant',
  greeting:
    "Hi! I'm the NovaReach sales assistant. I can help you compare our packages, explain pricing or book a demo. What would you like to know?",
  replyDelayMs: { min: 1000, max: 2000 },
};

/** Whitespace-only input is never sent (spec storefront §5 "Chat"). */
export function isSendable(text: string): boolean {
  return text.trim().length > 0;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function termMatches(message: string, term: string): boolean {
  return new RegExp(`(^|[^a-z0-9])${escapeRegExp(term.toLowerCase())}`).test(message);
}

export function matchRule(
  text: string,
  rules: readonly ReplyRule[] = REPLY_RULES,
): ReplyRule | undefined {
  const message = text.toLowerCase();
  return rules.find((rule) =>
    rule.patterns.some((terms) => terms.every((t) => termMatches(message, t))),
  );
}

function fill(template: string, context: ChatContext): string {
  return template.replaceAll('{phone}', context.phone).replaceAll('{email}', context.email);
}

export function replyTo(
  text: string,
  context: ChatContext,
  rules: readonly ReplyRule[] = REPLY_RULES,
): string {
  return fill(matchRule(text, rules)?.reply ?? FALLBACK_REPLY, context);
}

export function replyDelay(
  { min, max }: ChatConfig['replyDelayMs'],
  random: () => number = Math.random,
): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function showQuickQuestions(messageCount: number): boolean {
  return messageCount <= 1;
}

// Lines become paragraphs and "• " / "1. " list items, a labelled item's priced choices each on a
// line of its own; joining the blocks back gives the reply's text exactly, never a word changed.
export type ReplyBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'item'; marker: string; lead?: string; parts: string[] };

const ITEM_LINE = /^(•|\d+\.) (.+)$/;
const LABELLED = /^([^:]{1,40}:) (.+)$/;
const CHOICE_BREAK = /(?<=;) |(?<=,) (?=(?:or )?\$)/;

function itemBlock(marker: string, body: string): ReplyBlock {
  const labelled = LABELLED.exec(body);
  if (!labelled) return { kind: 'item', marker, parts: [body] };
  return { kind: 'item', marker, lead: labelled[1]!, parts: labelled[2]!.split(CHOICE_BREAK) };
}

export function replyBlocks(content: string): ReplyBlock[] {
  return content.split('\n').map((line) => {
    const item = ITEM_LINE.exec(line);
    return item ? itemBlock(item[1]!, item[2]!) : { kind: 'paragraph', text: line };
  });
}

/** The text a block stands for; `replyBlocks(c).map(blockText).join('\n') === c`. */
export function blockText(block: ReplyBlock): string {
  if (block.kind === 'paragraph') return block.text;
  return [block.marker, block.lead, ...block.parts].filter((p) => p !== undefined).join(' ');
}

// Not through Intl: the first Intl.DateTimeFormat a page builds loads ICU's locale data, 110 ms on
// a 4× slower phone between the first press and the open panel.
export function messageTime(timestamp: number): string {
  const date = new Date(timestamp);
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes}\u202f${hours < 12 ? 'AM' : 'PM'}`;
}

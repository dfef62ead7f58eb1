/**
 * Compares an object our Stripe stand-in answers, or a webhook payload a test sends, with the
 * object Stripe publishes for that resource (stripe-fixtures.json, written by
 * scripts/stripe-fixtures.ts from stripe/openapi's fixtures3.json): every field we send must be
 * one of Stripe's, recursively, with the same JSON type. Where the example shows null or leaves a
 * field out, the `stripe` package's types, recorded beside it, say what else the field may hold.
 */
import published from './stripe-fixtures.json' with { type: 'json' };

type Kind = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';
type Reference = {
  example: unknown;
  nullable: string[];
  kinds: Record<string, string[]>;
  optional: Record<string, string[]>;
};

const RESOURCES = published.resources as Record<string, Reference>;
export const STRIPE_FIXTURES_SOURCE = published.source;

const without = (object: Record<string, unknown>, key: string) =>
  Object.fromEntries(Object.entries(object).filter(([k]) => k !== key));

/** A list's envelope, as Stripe's subscription example carries one (its `items`). */
const LIST_EXAMPLE = without(
  (RESOURCES.subscription!.example as { items: Record<string, unknown> }).items,
  'data',
);

/** Events whose object is not named by the type minus its last word. */
const EVENT_OBJECTS: Record<string, string> = {
  'customer.subscription.': 'subscription',
  'charge.dispute.': 'dispute',
  'charge.refund.': 'refund',
};

function kindOf(value: unknown): Kind {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  const kind = typeof value;
  if (kind === 'boolean' || kind === 'number' || kind === 'string' || kind === 'object')
    return kind;
  throw new Error(`not JSON: ${kind}`);
}

const isRecord = (value: unknown): value is Record<string, unknown> => kindOf(value) === 'object';

type Walk = { resource: string; reference: Reference; expand: readonly string[]; out: string[] };

function compare(
  value: unknown,
  example: unknown,
  at: string,
  walk: Walk,
  namedByType = false,
): void {
  const { resource, reference, out } = walk;
  const where = `${resource}${at ? `.${at}` : ''}`;
  const kind = kindOf(value);
  if (example === undefined) {
    const kinds = reference.optional[at];
    // A polymorphic hash carries the field its `type` names (payment.type "payment_intent").
    const expanded = namedByType || walk.expand.includes(at.replaceAll('[]', ''));
    if (!kinds) out.push(`${where}: not a field of Stripe's ${resource}`);
    else if (!expanded) out.push(`${where}: Stripe sends it only when the request expands it`);
    else if (!kinds.includes(kind))
      out.push(`${where}: ${kind}, Stripe's types say ${kinds.join(' or ')}`);
    return;
  }
  if (kind === 'null') {
    if (example !== null && !reference.nullable.includes(at))
      out.push(`${where}: null, where Stripe's ${resource} is never null`);
    return;
  }
  if (example === null) {
    const kinds = reference.kinds[at] ?? [];
    if (!kinds.includes(kind))
      out.push(`${where}: ${kind}, Stripe's types say ${kinds.join(' or ')}`);
    // An expanded object names its own resource.
    if (isRecord(value) && typeof value.object === 'string' && RESOURCES[value.object])
      out.push(...stripeShapeProblems(value, { path: where }));
    return;
  }
  const expected = kindOf(example);
  if (kind !== expected) {
    if (expected === 'string' && isRecord(value) && typeof value.object === 'string') {
      out.push(...stripeShapeProblems(value, { path: where }));
    } else out.push(`${where}: ${kind}, where Stripe's ${resource} has ${expected}`);
    return;
  }
  if (Array.isArray(value)) {
    const [first] = example as unknown[];
    if (first !== undefined) value.forEach((element) => compare(element, first, `${at}[]`, walk));
    else {
      // Stripe's example list is empty: its types say what an element is.
      const kinds = reference.kinds[`${at}[]`] ?? [];
      for (const element of value)
        if (!kinds.includes(kindOf(element)))
          out.push(
            `${where}[]: ${kindOf(element)}, Stripe's types say ${kinds.join(' or ') || 'nothing'}`,
          );
    }
    return;
  }
  if (!isRecord(value)) return;
  if (/(^|\.)metadata$/.test(at)) {
    for (const [key, text] of Object.entries(value))
      if (typeof text !== 'string') out.push(`${where}.${key}: metadata values are strings`);
    return;
  }
  const fields = example as Record<string, unknown>;
  // An undefined field is left out of the JSON sent.
  for (const [key, child] of Object.entries(value))
    if (child !== undefined)
      compare(child, fields[key], at ? `${at}.${key}` : key, walk, value.type === key);
}

/**
 * What in `value` Stripe's own `resource` object would not have (by its `object` field when
 * no resource is named); empty when it matches. `expand`: the fields the request expanded.
 */
export function stripeShapeProblems(
  value: unknown,
  options: { resource?: string; expand?: readonly string[]; path?: string } = {},
): string[] {
  if (!isRecord(value)) return [`${options.path ?? 'value'}: ${kindOf(value)}, not an object`];
  const named = options.resource ?? (typeof value.object === 'string' ? value.object : '');
  // A deleted object keeps its `object` name; Stripe publishes it as `deleted_<name>`.
  const resource =
    value.deleted === true && RESOURCES[`deleted_${named}`] ? `deleted_${named}` : named;
  if (resource === 'list') return listProblems(value, options.expand ?? []);
  if (resource === 'event') return eventProblems(value, options.expand ?? []);
  const reference = RESOURCES[resource];
  if (!reference)
    return [
      `${options.path ?? 'value'}: no example of Stripe's "${resource}" in stripe-fixtures.json`,
    ];
  const out: string[] = [];
  compare(value, reference.example, '', { resource, reference, expand: options.expand ?? [], out });
  return out;
}

/** A list: Stripe's envelope, each element as its own resource (`data.` expansions apply). */
function listProblems(list: Record<string, unknown>, expand: readonly string[]): string[] {
  const { data, ...envelope } = list;
  const out = Object.keys(envelope)
    .filter((key) => !(key in LIST_EXAMPLE))
    .map((key) => `list.${key}: not a field of Stripe's lists`);
  if (!Array.isArray(data)) return [...out, 'list.data: not an array'];
  const inner = expand.filter((e) => e.startsWith('data.')).map((e) => e.slice(5));
  for (const element of data) out.push(...stripeShapeProblems(element, { expand: inner }));
  return out;
}

/** The resource an event of `type` carries. */
export function eventObjectResource(type: string): string {
  const special = Object.entries(EVENT_OBJECTS).find(([prefix]) => type.startsWith(prefix));
  return special ? special[1] : type.slice(0, type.lastIndexOf('.'));
}

/**
 * An event: Stripe's envelope, and its data.object as the resource its type names (`expand`
 * applies to the object: a test feeding a field as the API's expanded one says so).
 */
function eventProblems(event: Record<string, unknown>, expand: readonly string[]): string[] {
  const { data, ...envelope } = event;
  const reference = RESOURCES.event!;
  const example = without(reference.example as Record<string, unknown>, 'data');
  const out: string[] = [];
  compare(envelope, example, '', { resource: 'event', reference, expand: [], out });
  if (!isRecord(data)) return [...out, 'event.data: not an object'];
  const { object, previous_attributes: previous, ...rest } = data;
  for (const key of Object.keys(rest))
    out.push(`event.data.${key}: not a field of Stripe's events`);
  const resource = typeof event.type === 'string' ? eventObjectResource(event.type) : '';
  out.push(...stripeShapeProblems(object, { resource, expand, path: 'event.data.object' }));
  if (previous !== undefined)
    out.push(
      ...stripeShapeProblems(previous, { resource, path: 'event.data.previous_attributes' }),
    );
  return out;
}

// Stripe's published examples (openapi/fixtures3.json, what stripe-mock serves), annotated from the
// `stripe` types with what an example cannot show: which fields may be null, and what else they hold.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import ts from 'typescript';

/** Stripe's resource name (the `object` field) → the SDK type that describes it. */
const RESOURCES = {
  'billing_portal.configuration': 'Stripe.BillingPortal.Configuration',
  'billing_portal.session': 'Stripe.BillingPortal.Session',
  charge: 'Stripe.Charge',
  'checkout.session': 'Stripe.Checkout.Session',
  coupon: 'Stripe.Coupon',
  customer: 'Stripe.Customer',
  deleted_customer: 'Stripe.DeletedCustomer',
  discount: 'Stripe.Discount',
  dispute: 'Stripe.Dispute',
  event: 'Stripe.EventBase',
  invoice: 'Stripe.Invoice',
  invoice_payment: 'Stripe.InvoicePayment',
  item: 'Stripe.LineItem',
  line_item: 'Stripe.InvoiceLineItem',
  payment_intent: 'Stripe.PaymentIntent',
  plan: 'Stripe.Plan',
  price: 'Stripe.Price',
  product: 'Stripe.Product',
  promotion_code: 'Stripe.PromotionCode',
  refund: 'Stripe.Refund',
  subscription: 'Stripe.Subscription',
  subscription_item: 'Stripe.SubscriptionItem',
  tax_rate: 'Stripe.TaxRate',
  webhook_endpoint: 'Stripe.WebhookEndpoint',
} as const;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Kind = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';

const root = path.resolve(import.meta.dirname, '..');
const repo = process.argv[2];
if (!repo) {
  console.error('Usage: npx tsx scripts/stripe-fixtures.ts <stripe/openapi git directory>');
  process.exit(1);
}
const git = (...args: string[]) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8' });
const commit = git('rev-parse', 'HEAD').trim();
const tag = (() => {
  try {
    return git('describe', '--tags', '--exact-match', commit).trim();
  } catch {
    return null;
  }
})();
const published = JSON.parse(git('show', `${commit}:openapi/fixtures3.json`)) as {
  resources: Record<string, Json>;
};

// The SDK's declarations, read through a virtual module that names each resource's type.
const virtual = path.join(root, '__stripe_fixture_types__.ts');
const source = [
  "import type Stripe from 'stripe';",
  ...Object.entries(RESOURCES).map(([name, type], i) => `export type R${i} = ${type}; // ${name}`),
].join('\n');
const options: ts.CompilerOptions = {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2022,
  strict: true,
  skipLibCheck: true,
  noEmit: true,
  types: [],
};
const host = ts.createCompilerHost(options);
const { getSourceFile, fileExists, readFile } = host;
host.getSourceFile = (file, version, ...rest) =>
  file === virtual
    ? ts.createSourceFile(file, source, version)
    : getSourceFile.call(host, file, version, ...rest);
host.fileExists = (file) => file === virtual || fileExists.call(host, file);
host.readFile = (file) => (file === virtual ? source : readFile.call(host, file));
const program = ts.createProgram([virtual], options, host);
const problems = ts.getPreEmitDiagnostics(program, program.getSourceFile(virtual));
if (problems.length) {
  console.error(ts.formatDiagnostics(problems, host));
  process.exit(1);
}
const checker = program.getTypeChecker();
const module = checker.getSymbolAtLocation(program.getSourceFile(virtual)!)!;
const typeOf = (i: number) =>
  checker.getDeclaredTypeOfSymbol(
    checker.getExportsOfModule(module).find((s) => s.name === `R${i}`)!,
  );

const members = (type: ts.Type): ts.Type[] => (type.isUnion() ? type.types : [type]);

function kindsOf(type: ts.Type): Kind[] {
  const kinds = new Set<Kind>();
  for (const t of members(type)) {
    const f = t.flags;
    if (f & ts.TypeFlags.Null) kinds.add('null');
    else if (f & (ts.TypeFlags.StringLike | ts.TypeFlags.EnumLike)) kinds.add('string');
    else if (f & ts.TypeFlags.NumberLike) kinds.add('number');
    else if (f & ts.TypeFlags.BooleanLike) kinds.add('boolean');
    else if (f & ts.TypeFlags.Undefined) continue;
    else if (checker.isArrayType(t)) kinds.add('array');
    // The SDK's Decimal travels as a string.
    else if (t.getSymbol()?.name === 'Decimal') kinds.add('string');
    else if (f & ts.TypeFlags.Object) kinds.add('object');
    else kinds.add('string');
  }
  return [...kinds].sort();
}

function propertyType(type: ts.Type, key: string): ts.Type | undefined {
  for (const t of members(type)) {
    if (!(t.flags & ts.TypeFlags.Object) || checker.isArrayType(t)) continue;
    const symbol = checker.getPropertyOfType(t, key);
    if (symbol) return checker.getTypeOfSymbol(symbol);
  }
  return undefined;
}

function elementType(type: ts.Type): ts.Type | undefined {
  const array = members(type).find((t) => checker.isArrayType(t));
  return array ? checker.getTypeArguments(array as ts.TypeReference)[0] : undefined;
}

type Annotations = {
  nullable: string[];
  kinds: Record<string, Kind[]>;
  /** Optional in the SDK, absent from the example: sent only when expanded, or by some kinds. */
  optional: Record<string, Kind[]>;
  unknownToSdk: string[];
};

function annotate(value: Json, type: ts.Type, at: string, out: Annotations) {
  if (Array.isArray(value)) {
    const element = elementType(type);
    if (!element) return;
    // An empty example list shows no element: the SDK says what one holds.
    if (value[0] === undefined) out.kinds[`${at}[]`] = kindsOf(element);
    else annotate(value[0], element, `${at}[]`, out);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const object = members(type).find(
    (t) => t.flags & ts.TypeFlags.Object && !checker.isArrayType(t) && t.getProperties().length,
  );
  for (const symbol of object?.getProperties() ?? []) {
    if (symbol.flags & ts.SymbolFlags.Optional && !(symbol.name in value))
      out.optional[at ? `${at}.${symbol.name}` : symbol.name] = kindsOf(
        checker.getTypeOfSymbol(symbol),
      );
  }
  for (const [key, child] of Object.entries(value)) {
    const childAt = at ? `${at}.${key}` : key;
    const childType = propertyType(type, key);
    if (!childType) {
      out.unknownToSdk.push(childAt);
      continue;
    }
    const kinds = kindsOf(childType);
    if (child === null) out.kinds[childAt] = kinds;
    else {
      if (kinds.includes('null')) out.nullable.push(childAt);
      annotate(child, childType, childAt, out);
    }
  }
}

const resources: Record<string, { example: Json } & Annotations> = {};
Object.keys(RESOURCES).forEach((name, i) => {
  const example = published.resources[name];
  if (example === undefined) throw new Error(`fixtures3.json has no ${name}`);
  const annotations: Annotations = { nullable: [], kinds: {}, optional: {}, unknownToSdk: [] };
  annotate(example, typeOf(i), '', annotations);
  resources[name] = { example, ...annotations };
});

const sdk = JSON.parse(
  readFileSync(path.join(root, 'node_modules/stripe/package.json'), 'utf8'),
) as { version: string };
const out = path.join(root, 'src/testing/stripe-fixtures.json');
const text = JSON.stringify({
  source: {
    repository: 'https://github.com/stripe/openapi',
    file: 'openapi/fixtures3.json',
    commit,
    tag,
  },
  types: { package: 'stripe', version: sdk.version },
  resources,
});
writeFileSync(out, await format(text, { ...(await resolveConfig(out)), filepath: out }));
console.log(
  `Wrote ${path.relative(root, out)}: ${Object.keys(resources).length} resources from ${commit}${tag ? ` (${tag})` : ''}.`,
);

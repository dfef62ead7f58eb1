// Timed in the page (pointerdown → the first frame with the preview), so the harness's latency is
// not in it. Only "after scrolling" has a budget: a first press is bounded by the network ("Cart
// on a phone" in docs/budgets.md).
import { parseArgs } from 'node:util';
import { CPU_SLOWDOWN, onBuiltSite, timedRuns, timePress, type Press } from './lib/phone.ts';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    page: { type: 'string', default: '/' },
    budget: { type: 'string', default: '1000' },
  },
});

type Visit = 'first press' | 'after scrolling';

const CART_BUTTON = '[data-cart-button]';
const PREVIEW_SHOWN = `document.getElementById('cart-preview')?.checkVisibility()`;

const cartPress = (visit: Visit): Press => ({
  target: CART_BUTTON,
  opened: PREVIEW_SHOWN,
  // The page's own after-paint scripts have run once the button stops awaiting them.
  ready: `${CART_BUTTON}:not([data-awaits-script])`,
  scroll: visit === 'after scrolling' ? 600 : 0,
});

async function main() {
  const runs = Number(args.runs);
  const budget = Number(args.budget);
  const medians = new Map<Visit, number>();
  await onBuiltSite(async (browser, origin) => {
    const url = new URL(args.page, origin).href;
    console.log(
      `Cart open on ${args.page}: slow 4G (562.5 ms, 1.47 Mbit/s) + ${CPU_SLOWDOWN}× CPU, 390×844 touch, ${runs} runs`,
    );
    for (const visit of ['first press', 'after scrolling'] as const) {
      const { times, median } = await timedRuns(runs, () =>
        timePress(browser, url, cartPress(visit)),
      );
      medians.set(visit, median);
      console.log(`  ${visit.padEnd(16)} median ${median} ms  (runs: ${times.join(', ')})`);
    }
  });
  const scrolled = medians.get('after scrolling')!;
  if (scrolled > budget) {
    console.error(`Over budget: ${scrolled} ms after scrolling > ${budget} ms.`);
    process.exitCode = 1;
  } else {
    console.log(`Within budget: ${scrolled} ms ≤ ${budget} ms after scrolling.`);
  }
}

await main();

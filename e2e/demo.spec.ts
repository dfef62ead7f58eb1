/**
 * Lily demo card playback (one line every 2500 ms, Replay Demo) and the lazy video embed
 * (placeholder until the frame's load event), with a controlled clock.
 */
import { axeScan, expect, freezeClock, test } from './fixtures';

test.describe('Lily demo card', () => {
  test('plays the script one line every 2500 ms and replays from the start', async ({ page }) => {
    await freezeClock(page);
    await page.goto('/lily-ai');
    const card = page.locator('[data-lily-demo="full"]');
    const transcript = card.getByRole('list', { name: 'Demo call transcript' });
    const lines = transcript.getByRole('listitem');
    await expect(card.getByRole('link', { name: 'Talk to Lily' })).toHaveAttribute('href', /^tel:/);
    // Learn More points at /lily-ai, so it is left out on /lily-ai itself.
    await expect(card.getByRole('link', { name: /Learn More/ })).toHaveCount(0);

    await expect(lines).toHaveCount(0);
    await card.getByRole('button', { name: 'Start Demo' }).click();
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toContainText('Lily AI');
    await expect(transcript).toHaveAttribute('aria-live', 'polite');

    await page.clock.runFor(2499);
    await expect(lines).toHaveCount(1);
    await page.clock.runFor(1);
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(1)).toContainText('Customer');

    const total = await card
      .locator('template[data-demo-script]')
      .evaluate((t) => (t as HTMLTemplateElement).content.children.length);
    await page.clock.runFor(2500 * (total - 2));
    await expect(lines).toHaveCount(total);
    const replay = card.getByRole('button', { name: 'Replay Demo' });
    await expect(replay).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(lines).toHaveCount(total);

    await replay.click();
    await expect(lines).toHaveCount(1);
    await page.clock.runFor(2500);
    await expect(lines).toHaveCount(2);

    await page.clock.resume(); // axe waits on page timers
    const { violations } = await axeScan(page)
      .include('[data-lily-demo]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
  });

  test('rotates the rating words every 4000 ms among fixed words', async ({ page }) => {
    await freezeClock(page);
    await page.goto('/lily-ai');
    const performance = page.locator('[data-lily-demo="full"] [data-rating="performance"]');
    await performance.scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    const first = await performance.textContent();
    await page.clock.runFor(4000);
    await expect(performance).not.toHaveText(first ?? '');
    await expect(performance).toHaveText(/^(Excellent|Outstanding|Exceptional|Superb)$/);
  });

  test('the banner and compact variants label their buttons and link to /lily-ai', async ({
    page,
  }) => {
    await page.goto('/about');
    const banner = page.locator('[data-lily-demo="banner"]');
    await expect(banner.getByRole('button', { name: 'Watch Demo' })).toBeVisible();
    await expect(banner.getByRole('link', { name: /Learn More/ })).toHaveAttribute(
      'href',
      '/lily-ai',
    );

    await page.goto('/');
    const compact = page.locator('[data-lily-demo="compact"]');
    await expect(compact.getByRole('button', { name: 'Start Demo' })).toBeVisible();
    await expect(compact.getByRole('link', { name: 'Talk to Lily' })).toHaveAttribute(
      'href',
      /^tel:/,
    );
  });
});

test.describe('video embed', () => {
  test('reserves a 16:9 box, loads the frame when scrolled near, shows the spinner until it loads', async ({
    page,
  }) => {
    let release!: () => void;
    const loaded = new Promise<void>((resolve) => (release = resolve));
    await page.route('https://www.youtube-nocookie.com/**', async (route) => {
      await loaded;
      await route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><title>player</title><p>Video player</p>',
      });
    });

    await page.goto('/airbnb-automation');
    const box = page.locator('[data-video-embed]').first();
    const size = await box.boundingBox();
    expect(size).not.toBeNull();
    expect(Math.abs(size!.height - (size!.width * 9) / 16)).toBeLessThan(2);
    // Below the fold: nothing is requested yet.
    await expect(box.locator('iframe')).toHaveCount(0);

    await box.scrollIntoViewIfNeeded();
    const frame = box.locator('iframe');
    await expect(frame).toHaveCount(1);
    await expect(frame).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\//);
    await expect(frame).toHaveAttribute('title', /Airbnb AI demo/);
    await expect(box.getByRole('status')).toHaveText('Loading demo video...');
    await expect(box).toHaveAttribute('data-state', 'loading');
    // While the player cannot be reached, the box still leads to the video.
    const watch = box.getByRole('link', { name: 'Not loading? Watch on YouTube' });
    await expect(watch).toBeVisible();
    await expect(watch).toHaveAttribute('href', /^https:\/\/www\.youtube\.com\/watch\?v=[\w-]+$/);

    release();
    await expect(box).toHaveAttribute('data-state', 'loaded');
    await expect(box.getByRole('status')).toBeHidden();
    await expect(watch).toBeHidden();
    await expect(frame).toHaveCSS('opacity', '1');
    const after = await box.boundingBox();
    expect(after!.height).toBeCloseTo(size!.height, 0);
  });

  test('the video modal is an accessible dialog that closes on Escape and returns focus', async ({
    page,
  }) => {
    await page.route('https://www.youtube-nocookie.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
    );
    await page.goto('/airbnb-automation');
    const open = page.getByRole('button', { name: 'Watch full screen' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Airbnb AI in 2 minutes' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('iframe')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
    // Closing unloads the player so the video stops.
    await expect(dialog.locator('iframe')).toHaveCount(0);
  });
});

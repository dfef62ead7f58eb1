/**
 * The header sales chat (every page) and the products-page chatbot, with a controlled clock
 * so reply delays are exact: 1200–2000 ms (header) and 1000–2000 ms (products).
 */
import type { Page, Request } from '@playwright/test';
import { axeScan, expect, freezeClock, test } from './fixtures';

/** The chat panel module or React itself (dev: source paths; build: hashed chunk names). */
// The build puts React in island-runtime; the dev server serves react-dom on its own.
const CHAT_REACT = /ChatWidget|ChatPanel|island-runtime|react-dom|react_dom/;

async function openHeaderChat(page: Page) {
  await page.getByRole('button', { name: 'Chat with Lily AI' }).click();
  const dialog = page.getByRole('dialog', { name: 'Chat with Lily AI' });
  await expect(dialog).toBeVisible();
  return dialog;
}

const messages = (dialog: ReturnType<Page['getByRole']>) =>
  dialog.getByRole('log').getByRole('listitem');

test.describe('header chat widget', () => {
  test.beforeEach(async ({ page }) => {
    await freezeClock(page);
  });

  test('loads no chat React before the page is used, fetches it as the visitor heads for the launcher, then opens with a greeting', async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (r: Request) => requested.push(r.url()));
    await page.goto('/social-media-empire');
    const launcher = page.getByRole('button', { name: 'Chat with Lily AI' });
    await expect(launcher).toBeVisible();
    await expect(launcher).toHaveAttribute('aria-expanded', 'false');
    await expect(launcher).not.toHaveAttribute('data-awaits-script');
    await page.clock.runFor(3000);
    expect(requested.filter((u) => CHAT_REACT.test(u))).toEqual([]);

    // The tooltip text is shown on hover, and the panel is fetched ahead of the press.
    await launcher.hover();
    await expect(page.getByText('Chat with Lily AI', { exact: true }).first()).toBeVisible();
    await expect.poll(() => requested.some((u) => CHAT_REACT.test(u))).toBe(true);
    await expect(launcher).toHaveAttribute('aria-expanded', 'false');

    const dialog = await openHeaderChat(page);
    // The panel's stylesheet is fetched with it rather than inlined into every page.
    await expect(dialog).toHaveCSS('position', 'fixed');
    await expect(launcher).toHaveAttribute('aria-expanded', 'true');
    await expect(messages(dialog)).toHaveCount(1);
    await expect(messages(dialog).first()).toHaveAttribute('data-sender', 'lily');
    await expect(messages(dialog).first()).toContainText("I'm Lily");
    await expect(dialog.getByRole('textbox', { name: 'Type your message' })).toBeFocused();
  });

  test('a quick question fills the input, sends after 100 ms and is answered', async ({ page }) => {
    await page.goto('/');
    const dialog = await openHeaderChat(page);
    const quick = dialog.getByRole('group', { name: 'Quick questions' });
    await expect(quick.getByRole('button')).toHaveCount(4);
    await quick.getByRole('button', { name: 'What are your prices?' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Type your message' })).toHaveValue(
      'What are your prices?',
    );
    await page.clock.runFor(100);
    await expect(messages(dialog)).toHaveCount(3); // greeting, question, typing indicator
    await expect(messages(dialog).nth(1)).toHaveAttribute('data-sender', 'user');
    await expect(dialog.getByTestId('typing-indicator')).toBeVisible();
    await expect(quick).toBeHidden();
    await page.clock.runFor(2000);
    await expect(dialog.getByTestId('typing-indicator')).toBeHidden();
    await expect(messages(dialog).last()).toHaveAttribute('data-sender', 'lily');
    await expect(messages(dialog).last()).toContainText('$299/month');
    await expect(messages(dialog).last()).toContainText('$459/month');
  });

  test('a typed question is answered between 1200 and 2000 ms; input and send are disabled meanwhile', async ({
    page,
  }) => {
    await page.goto('/');
    const dialog = await openHeaderChat(page);
    const input = dialog.getByRole('textbox', { name: 'Type your message' });
    const send = dialog.getByRole('button', { name: 'Send message' });
    await input.fill('How does it work?');
    await send.click();
    await expect(messages(dialog).nth(1)).toContainText('How does it work?');
    await expect(input).toBeDisabled();
    await expect(send).toBeDisabled();
    await expect(input).toHaveValue('');
    await page.clock.runFor(1199);
    await expect(dialog.getByTestId('typing-indicator')).toBeVisible();
    await expect(input).toBeDisabled();
    await page.clock.runFor(801);
    await expect(dialog.getByTestId('typing-indicator')).toBeHidden();
    await expect(messages(dialog).last()).toContainText(
      'Instagram, TikTok, YouTube, X, Pinterest and Threads',
    );
    await expect(input).toBeEnabled();
    await expect(send).toBeEnabled();
    await expect(input).toBeFocused();
  });

  test('Enter sends, Shift+Enter adds a new line, empty input is never sent', async ({ page }) => {
    await page.goto('/');
    const dialog = await openHeaderChat(page);
    const input = dialog.getByRole('textbox', { name: 'Type your message' });

    await input.press('Enter');
    await input.fill('   ');
    await input.press('Enter');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect(messages(dialog)).toHaveCount(1);

    await input.fill('thanks');
    await input.press('Shift+Enter');
    await expect(input).toHaveValue('thanks\n');
    await expect(messages(dialog)).toHaveCount(1);

    await input.press('Enter');
    await expect(messages(dialog).nth(1)).toHaveText(/thanks/);
    await page.clock.runFor(2000);
    await expect(messages(dialog).last()).toContainText("You're welcome");

    await input.fill('purple giraffes');
    await input.press('Enter');
    await page.clock.runFor(2000);
    await expect(messages(dialog).last()).toContainText('I can help you with');
  });

  test('minimises, restores and closes; Escape closes and focus returns to the launcher', async ({
    page,
  }) => {
    await page.goto('/');
    const dialog = await openHeaderChat(page);
    await dialog.getByRole('button', { name: 'Minimize chat' }).click();
    await expect(dialog.getByRole('log')).toBeHidden();
    await expect(dialog.getByRole('heading', { name: 'Chat with Lily AI' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Restore chat' }).click();
    await expect(dialog.getByRole('log')).toBeVisible();

    await dialog.getByRole('button', { name: 'Close chat' }).click();
    await expect(dialog).toBeHidden();
    const launcher = page.getByRole('button', { name: 'Chat with Lily AI' });
    await expect(launcher).toBeFocused();

    await launcher.click();
    await expect(dialog).toBeVisible();
    await expect(messages(dialog)).toHaveCount(1); // greeted once only
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(launcher).toBeFocused();
  });

  test('offers scheduling in a new tab, a call and an e-mail', async ({ page }) => {
    await page.goto('/');
    const dialog = await openHeaderChat(page);
    const schedule = dialog.getByRole('link', { name: /Schedule Meeting/ });
    await expect(schedule).toHaveAttribute('href', '/schedule-meeting');
    await expect(schedule).toHaveAttribute('target', '_blank');
    await expect(schedule).toHaveAttribute('rel', /noopener/);
    await expect(dialog.getByRole('link', { name: 'Call Us' })).toHaveAttribute('href', /^tel:/);
    await expect(dialog.getByRole('link', { name: 'Email Us' })).toHaveAttribute(
      'href',
      /^mailto:/,
    );
  });
});

test.describe('products page chatbot', () => {
  test('has its own launcher and answers as the bot within 1000–2000 ms', async ({ page }) => {
    await freezeClock(page);
    await page.goto('/products');
    const launcher = page.getByRole('button', { name: 'Ask our sales assistant' });
    await launcher.click();
    const dialog = page.getByRole('dialog', { name: 'Sales assistant' });
    await expect(dialog).toBeVisible();
    await expect(messages(dialog).first()).toHaveAttribute('data-sender', 'bot');

    const input = dialog.getByRole('textbox', { name: 'Type your message' });
    await input.fill('Can I book a demo?');
    await input.press('Enter');
    await expect(input).toBeDisabled();
    await page.clock.runFor(999);
    await expect(dialog.getByTestId('typing-indicator')).toBeVisible();
    await page.clock.runFor(1001);
    await expect(messages(dialog).last()).toHaveAttribute('data-sender', 'bot');
    await expect(messages(dialog).last()).toContainText('15 to 20 minutes');

    await page.clock.resume(); // axe waits on page timers
    const { violations } = await axeScan(page)
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(violations.map((v) => v.id)).toEqual([]);

    // The header widget is a separate conversation.
    await page.getByRole('button', { name: 'Chat with Lily AI' }).click();
    const lily = page.getByRole('dialog', { name: 'Chat with Lily AI' });
    await expect(messages(lily)).toHaveCount(1);
  });
});

/**
 * The work first: "Selected work" on the home page opens case studies; /portfolio opens with a
 * featured project and six cards, each with its case study and the client's site in a new
 * tab; every case study renders its sections.
 */
import { test, expect } from './fixtures';
import { CASE_STUDIES } from './routes';

test('home shows "Selected work" right after the hero, each project opening its case study', async ({
  page,
}) => {
  await page.goto('/');
  const work = page.getByRole('region', { name: 'Selected work' });
  const sections = page.locator('main > section');
  await expect(sections.nth(1)).toHaveAttribute('aria-labelledby', 'selected-title');
  const projects = work.getByRole('article');
  await expect(projects).toHaveCount(3);
  for (const project of await projects.all()) {
    await expect(project.getByRole('img')).toHaveAttribute('alt', /.+/);
    await expect(project.getByRole('link')).toHaveAttribute('href', /^\/portfolio\/[a-z-]+$/);
  }
  await expect(work.getByRole('link', { name: /All 6 projects/ })).toHaveAttribute(
    'href',
    '/portfolio',
  );
  const first = projects.first().getByRole('link');
  const name = await first.innerText();
  await first.click();
  await expect(page).toHaveURL(/\/portfolio\/[a-z-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});

test('/portfolio opens with a featured project, then six cards with a case study and the live site', async ({
  page,
}) => {
  await page.goto('/portfolio');
  const projects = page.getByRole('region', { name: 'Client projects' }).getByRole('article');
  await expect(projects).toHaveCount(6);
  await expect(projects.first().getByText('Featured project')).toBeInViewport();
  for (const project of await projects.all()) {
    const name = await project.getByRole('heading', { level: 2 }).innerText();
    const live = project.getByRole('link', { name: `Visit Website: ${name} (opens in a new tab)` });
    await expect(live).toHaveAttribute('target', '_blank');
    await expect(live).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(project.getByRole('link', { name: `Case study: ${name}` })).toHaveAttribute(
      'href',
      /^\/portfolio\/[a-z-]+$/,
    );
  }
  await expect(page.getByRole('link', { name: 'View Packages' })).toHaveAttribute(
    'href',
    '/products',
  );
});

for (const path of CASE_STUDIES) {
  test(`${path} tells the whole case study`, async ({ page }) => {
    await page.goto(path);
    const name = await page.getByRole('heading', { level: 1 }).innerText();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(name);
    for (const heading of ['The brief', 'What we built', 'The result']) {
      await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
    }
    const built = page.getByRole('region', { name: 'What we built' }).getByRole('listitem');
    expect(await built.count()).toBeGreaterThanOrEqual(2);
    const screens = page.getByRole('region', { name: 'Screens' }).getByRole('img');
    expect(await screens.count()).toBeGreaterThanOrEqual(2);
    for (const screen of await screens.all()) {
      await screen.scrollIntoViewIfNeeded();
      await expect(screen).toHaveAttribute('alt', /.{20,}/);
      await expect
        .poll(() => screen.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
        .toBe(true);
    }
    await expect(
      page.getByRole('link', { name: `Visit Website: ${name} (opens in a new tab)` }),
    ).toHaveAttribute('target', '_blank');
    const more = page.getByRole('navigation', { name: 'More projects' }).getByRole('link');
    await expect(more).toHaveCount(2);
    await expect(more.first()).toHaveAttribute('href', /^\/portfolio\/[a-z-]+$/);
    await expect(page.getByRole('link', { name: 'View Packages' })).toHaveAttribute(
      'href',
      '/products',
    );
  });
}

test('the Starter page shows real example sites, each opening its case study', async ({ page }) => {
  await page.goto('/starter-website-package');
  const examples = page.locator('section#examples').getByRole('article');
  await expect(examples).toHaveCount(3);
  for (const example of await examples.all()) {
    await expect(example.getByRole('img')).toHaveAttribute('alt', /.+/);
    await expect(example.getByRole('link')).toHaveAttribute('href', /^\/portfolio\/[a-z-]+$/);
  }
});

/**
 * The static content pages: Home, About, Services, Portfolio, How It Works and the three
 * policy pages render their heading and every section the spec lists.
 */
import { test, expect, expectLinks } from './fixtures';

const HOME_CLAIMS = [
  '100+ Businesses Scaled',
  '95% Client Satisfaction',
  '50+ AI Integrations',
  '24/7 Support',
  '40% Higher Conversion',
  '60% Faster Response',
  '15-30 Hours Saved Weekly per Department',
  '80% of Repetitive Tasks Automated',
];

test.describe('Home', () => {
  test('hero, Lily AI, stats, story, services, agents, contact and closing call to action', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

    const hero = page.getByRole('region', {
      name: await page.getByRole('heading', { level: 1 }).innerText(),
    });
    await expectLinks(hero, [
      ['Explore Our Services', '/services'],
      ['See How It Works', '/how-it-works'],
    ]);

    const lily = page.getByRole('region', { name: /Meet Lily/ });
    await expect(lily.locator('.video-embed')).toBeVisible();
    const box = await lily.locator('.video-embed').boundingBox();
    expect(box && box.width / box.height).toBeCloseTo(16 / 9, 1);
    await expect(lily.locator('[data-lily-demo="compact"]')).toHaveCount(1);

    for (const claim of HOME_CLAIMS) {
      await expect(page.getByText(claim, { exact: true })).toBeVisible();
    }

    const story = page.getByRole('region', { name: /since 2018/ });
    await expect(story.getByRole('link', { name: 'Read Our Story' })).toHaveAttribute(
      'href',
      '/about',
    );

    const services = page.getByRole('region', { name: 'Our Services' });
    for (const name of ['Website Development', 'AI Integration', 'Marketing Automation']) {
      await expect(services.getByRole('heading', { name, level: 3 })).toBeVisible();
    }
    await expect(services.getByRole('link', { name: 'View All Services' })).toHaveAttribute(
      'href',
      '/services',
    );

    const agents = page.getByRole('region', { name: /AI agents/ });
    for (const [name, price] of [
      ['Meeting Assistant', '$49/mo'],
      ['AI Support Agent', '$199/mo'],
      ['Financial Analyst', '$299/mo'],
    ] as const) {
      const card = agents
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name }) });
      await expect(card.getByText(price)).toBeVisible();
    }
    await expect(agents.getByRole('link', { name: 'Explore Lily AI' })).toHaveAttribute(
      'href',
      '/lily-ai',
    );

    const cta = page.getByRole('region', { name: 'Ready to grow your business?' });
    await expectLinks(cta, [
      ['View Packages', '/products'],
      ['See How It Works', '/how-it-works'],
    ]);
  });

  test('/#contact lands on the Get In Touch section with phone, e-mail and the 24-hour promise', async ({
    page,
  }) => {
    await page.goto('/#contact');
    const contact = page.locator('section#contact');
    await expect(contact.getByRole('heading', { name: 'Get In Touch', level: 2 })).toBeInViewport();
    await expectLinks(contact, [
      ['(555) 014-2024', /^tel:/],
      ['support@novareach.example', /^mailto:/],
    ]);
    await expect(contact.getByText(/within 24 hours/).first()).toBeVisible();
  });
});

test.describe('About', () => {
  test('story, mission, approach, founder with social links, careers', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[data-lily-demo="banner"]')).toHaveCount(1);
    for (const heading of [
      'Our Story',
      'Mission & Vision',
      'Our Approach',
      'Meet Our Founder',
      'Careers',
    ]) {
      await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
    }
    for (const card of ['Client-Focused Approach', 'Continuous Innovation', 'Measurable Results']) {
      await expect(page.getByRole('heading', { name: card, level: 3 })).toBeVisible();
    }
    await expect(page.getByText('founded', { exact: false }).first()).toBeVisible();

    const team = page.locator('#team');
    await expect(team.getByText('Founder & CEO')).toBeVisible();
    await expect(team.getByRole('img', { name: /Elena Marsh/ })).toBeVisible();
    const linkedIn = team.getByRole('link', { name: /on LinkedIn/ });
    await expect(linkedIn).toHaveAttribute('target', '_blank');
    await expect(linkedIn).toHaveAttribute('rel', 'noopener noreferrer');

    await expect(
      page
        .locator('#careers')
        .getByRole('link', { name: /Apply by e-mail/ })
        .first(),
    ).toHaveAttribute('href', /^mailto:/);
  });

  test('the founder avatar falls back to a named letter placeholder when the image fails', async ({
    page,
  }) => {
    await page.route(/elena-marsh.*\.svg/, (route) => route.abort());
    await page.goto('/about#team');
    const team = page.locator('#team');
    const letter = team.getByRole('img', { name: /Elena Marsh/ });
    await expect(letter).toHaveText('E');
    await expect(team.locator('.avatar img')).toHaveCount(0);
  });
});

test.describe('Services', () => {
  const ANCHORS = {
    'web-dev': 'Website Development',
    'ai-integration': 'AI Integration',
    marketing: 'Marketing Automation',
    seo: 'SEO & Analytics',
    ecommerce: 'E-commerce Solutions',
    crm: 'CRM Integration',
  };

  test('six service cards with five features each, anchored for the footer links', async ({
    page,
  }) => {
    await page.goto('/services');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const cards = page.locator('.service-card');
    await expect(cards).toHaveCount(6);
    for (const [anchor, title] of Object.entries(ANCHORS)) {
      const card = page.locator(`#${anchor}`);
      await expect(card.getByRole('heading', { name: title })).toBeVisible();
      await expect(
        card.getByRole('list', { name: `${title} features` }).getByRole('listitem'),
      ).toHaveCount(5);
      await expect(card.locator('.icon-tile svg')).toHaveCount(1);
    }
  });

  test('footer service links scroll to their card', async ({ page }) => {
    await page.goto('/services#seo');
    await expect(
      page.locator('#seo').getByRole('heading', { name: 'SEO & Analytics' }),
    ).toBeInViewport();
  });

  test('methodology, Lily demo and closing buttons', async ({ page }) => {
    await page.goto('/services');
    const steps = page.getByRole('region', { name: 'Our methodology' });
    for (const step of [
      'Discovery & Planning',
      'Strategy & Design',
      'Development & Testing',
      'Launch & Support',
    ]) {
      await expect(steps.getByRole('heading', { name: step, level: 3 })).toBeVisible();
    }
    await expect(steps.getByRole('link', { name: 'See How It Works' })).toHaveAttribute(
      'href',
      '/how-it-works',
    );
    await expect(page.locator('[data-lily-demo="full"]')).toHaveCount(1);
    const cta = page.getByRole('region', { name: 'Not sure which service you need?' });
    await expectLinks(cta, [
      ['View Packages', '/products'],
      ['Contact Us', '/#contact'],
    ]);
  });
});

test.describe('Portfolio', () => {
  test('six showcase cards with tags, a loaded image and an external link in a new tab', async ({
    page,
  }) => {
    await page.goto('/portfolio');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const cards = page.locator('.portfolio-card');
    await expect(cards).toHaveCount(6);
    for (const card of await cards.all()) {
      await expect(card.getByRole('heading', { level: 2 })).toBeVisible();
      expect(
        await card.getByRole('list', { name: 'Services delivered' }).getByRole('listitem').count(),
      ).toBeGreaterThan(0);
      const img = card.getByRole('img');
      await img.scrollIntoViewIfNeeded();
      await expect(img).toHaveAttribute('alt', /.+/);
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
        .toBe(true);
      const link = card.getByRole('link', { name: /Visit Website/ });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link).toHaveAttribute('href', /^https:\/\/[a-z-]+\.example\/$/);
    }
    await expect(
      page.getByRole('link', { name: 'Visit Website: Harbor Street Dental (opens in a new tab)' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Packages' })).toHaveAttribute(
      'href',
      '/products',
    );
  });
});

test.describe('How It Works', () => {
  test('demo banner, process, post-purchase journey, phases and buttons', async ({ page }) => {
    await page.goto('/how-it-works');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[data-lily-demo="banner"]')).toHaveCount(1);

    const process = page.getByRole('region', { name: 'Our development process' });
    await expect(process.getByRole('listitem')).toHaveCount(4);

    const journey = page.getByRole('region', { name: 'After you purchase' });
    const steps = journey.getByRole('listitem');
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toContainText('Select and purchase a package');
    await expect(steps.nth(1)).toContainText('Complete onboarding forms');
    await expect(steps.nth(2)).toContainText('Access the client portal');

    const phases = page.getByRole('region', { name: 'What each phase delivers' });
    await expect(phases.locator('.card-grid > li')).toHaveCount(4);

    const cta = page.getByRole('region', { name: 'Ready to get started?' });
    await expectLinks(cta, [
      ['View Packages', '/products'],
      ['Contact Us', '/#contact'],
    ]);
  });
});

test.describe('Policies', () => {
  for (const [path, heading] of [
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
    ['/cookie-policy', 'Cookie Policy'],
  ] as const) {
    test(`${path} renders its policy`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      expect(await page.locator('.prose h2').count()).toBeGreaterThan(3);
    });
  }
});

test('content pages ship no React before interaction', async ({ page }) => {
  for (const path of [
    '/',
    '/about',
    '/services',
    '/portfolio',
    '/how-it-works',
    '/privacy-policy',
  ]) {
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto(path, { waitUntil: 'load' });
    await expect(page.locator('astro-island[client="load"]')).toHaveCount(0);
    expect(
      scripts.filter((u) => /island-runtime|react-dom|react_dom/.test(u)),
      path,
    ).toEqual([]);
    page.removeAllListeners('request');
  }
});

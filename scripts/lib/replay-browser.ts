// Only HTTP, so one replay script runs against any version of the site, the before and the after.

/** A browser: a cookie jar carried by every request. */
export class Browser {
  jar = new Map<string, string>();
  readonly base: string;
  readonly ip: string;
  constructor(base: string, ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`) {
    this.base = base;
    this.ip = ip;
  }
  get cookie() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async req(
    path: string,
    init: {
      method?: string;
      json?: unknown;
      form?: Record<string, string>;
      body?: Uint8Array;
      contentType?: string;
    } = {},
  ) {
    const headers: Record<string, string> = {
      origin: this.base,
      cookie: this.cookie,
      'x-forwarded-for': this.ip,
      'x-requested-with': 'fetch',
    };
    let body: string | Blob | null = null;
    if (init.body) {
      headers['content-type'] = init.contentType ?? 'application/octet-stream';
      body = new Blob([new Uint8Array(init.body)]);
    } else if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(this.base + path, {
      method: init.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const [name, ...rest] = pair!.split('=');
      if (/Max-Age=0/i.test(header)) this.jar.delete(name!);
      else this.jar.set(name!, rest.join('='));
    }
    const text = await res.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- two API versions' answers, read loosely
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return {
      status: res.status,
      text,
      location: res.headers.get('location'),
      json,
      setCookie: res.headers.getSetCookie().map((c) => c.split('=')[0]),
    };
  }
}

export async function buy(browser: Browser, email: string, name: string) {
  const started = await browser.req('/api/create-checkout-session', {
    json: {
      items: [{ id: 'lily-ai', billingCycle: 'monthly', quantity: 1 }],
      success_url: `${browser.base}/checkout/success`,
      cancel_url: `${browser.base}/checkout`,
    },
  });
  const session = new URL(started.json.url).searchParams.get('session')!;
  await browser.req('/api/simulated-checkout', { form: { session, action: 'pay', name, email } });
  const lookup = await browser.req(`/api/checkout-session/${session}`);
  return { session, lookup };
}

import { W, backdrop, lines, panel, phone, pill, text, thread } from './draw.mjs';

const pair = (bg, first, second, decor = '') =>
  `${backdrop(bg)}${decor}${phone(430, 96, 'p1', first.svg, first.opts)}${phone(900, 150, 'p2', second.svg, second.opts)}`;

const header = (title, ink, sub = '') =>
  `${text(24, 104, title, { size: 28, weight: 800, fill: ink })}${sub ? text(24, 132, sub, { size: 15, fill: ink }) : ''}`;

const dental = () => {
  const c = { ink: '#0d3b3a', primary: '#0f8a84', soft: '#d5f0ed' };
  const days = ['Mon 9', 'Tue 10', 'Wed 11', 'Thu 12'];
  const slots = ['8:30 AM', '9:15 AM', '10:00 AM', '11:30 AM', '1:45 PM', '3:00 PM'];
  const booking = `${header('Book a visit', c.ink, 'Cleaning and check-up · 60 min')}
    ${days.map((d, i) => `${panel(24 + i * 84, 160, 74, 64, { fill: i === 3 ? c.primary : c.soft, rx: 14 })}${text(61 + i * 84, 198, d, { size: 15, weight: 700, fill: i === 3 ? '#fff' : c.ink, anchor: 'middle' })}`).join('')}
    ${text(24, 270, 'Thursday, June 12', { size: 18, weight: 700, fill: c.ink })}
    ${slots.map((t, i) => `${panel(24 + (i % 2) * 168, 290 + Math.floor(i / 2) * 70, 158, 56, { fill: i === 2 ? c.primary : '#fff', stroke: i === 2 ? 'none' : '#cfe6e3', rx: 14 })}${text(103 + (i % 2) * 168, 324 + Math.floor(i / 2) * 70, t, { size: 17, weight: 700, fill: i === 2 ? '#fff' : c.ink, anchor: 'middle' })}`).join('')}
    ${panel(24, 510, 327, 110, { fill: c.soft })}
    ${text(44, 548, 'Dr. Elena Ruiz', { size: 18, weight: 700, fill: c.ink })}
    ${text(44, 576, 'Room 2 · parking behind the practice', { size: 14, fill: '#4f7572' })}
    ${lines(44, 596, [180], '#9fc9c5', 18, 8)}
    ${pill(24, 676, 327, 58, c.primary, 'Confirm 10:00 AM', '#fff', 18)}`;
  const sms = `${text(187, 92, 'Harbor Street Dental', { size: 18, weight: 700, fill: c.ink, anchor: 'middle' })}
    ${text(187, 114, 'Text message · tonight 9:42 PM', { size: 13, fill: '#6b8785', anchor: 'middle' })}
    ${thread(
      140,
      [
        [
          'them',
          [
            'Hi Sam, you are booked for a',
            'cleaning on Thu, June 12 at',
            '10:00 AM with Dr. Ruiz.',
          ],
        ],
        ['me', ['Could I move it to the', 'afternoon?']],
        ['them', ['Of course. I have 1:45 PM or', '3:00 PM on Thursday.']],
        ['me', ['3:00 please']],
        ['them', ['Done: Thursday at 3:00 PM.', 'Reply C if you need to cancel.']],
      ],
      { fill: '#eef3f3', fg: c.ink },
      { fill: c.primary, fg: '#fff' },
    )}`;
  return pair(
    '#cfece8',
    { svg: booking, opts: { ink: c.ink } },
    { svg: sms, opts: { ink: c.ink } },
    `<circle cx="320" cy="820" r="260" fill="#b5e0da"/><circle cx="1380" cy="170" r="140" fill="#ffd9ad"/>`,
  );
};

const bakery = () => {
  const c = { ink: '#3d2314', primary: '#b5541c', soft: '#f6e2cc' };
  const items = [
    ['Sourdough loaf', '$8.50', '#d9a066'],
    ['Almond croissant', '$4.25', '#e8c07d'],
    ['Cinnamon swirl', '$3.75', '#c97b4a'],
    ['Berry tart', '$5.95', '#b84a5a'],
    ['Rye & caraway', '$7.90', '#8d5a35'],
  ];
  const menu = `${header("Tomorrow's bake", c.ink, 'Order by 9 PM · delivered by 8 AM')}
    ${items.map(([name, price, tone], i) => `${panel(20, 160 + i * 96, 335, 84, { fill: '#fff', stroke: '#ecd9c4' })}<ellipse cx="64" cy="${202 + i * 96}" rx="30" ry="20" fill="${tone}"/>${text(110, 196 + i * 96, name, { size: 17, weight: 700, fill: c.ink })}${text(110, 222 + i * 96, price, { size: 16, weight: 700, fill: c.primary })}<circle cx="322" cy="${202 + i * 96}" r="18" fill="${i < 2 ? c.primary : c.soft}"/>${text(322, 209 + i * 96, i < 2 ? '1' : '+', { size: 18, weight: 800, fill: i < 2 ? '#fff' : c.primary, anchor: 'middle' })}`).join('')}
    ${pill(20, 690, 335, 60, c.ink, 'View cart · 2 items · $12.75', '#fff', 17)}`;
  const slots = ['7:00 to 8:00 AM', '8:00 to 9:00 AM', 'Collect at the shop'];
  const checkout = `${header('Delivery', c.ink, 'Wednesday, June 11')}
    ${slots.map((s, i) => `${panel(20, 160 + i * 74, 335, 62, { fill: i === 0 ? c.soft : '#fff', stroke: i === 0 ? c.primary : '#ecd9c4' })}<circle cx="50" cy="${191 + i * 74}" r="10" fill="${i === 0 ? c.primary : '#fff'}" stroke="${c.primary}" stroke-width="2"/>${text(72, 197 + i * 74, s, { size: 17, weight: 600, fill: c.ink })}`).join('')}
    ${text(20, 420, 'Your order', { size: 18, weight: 800, fill: c.ink })}
    ${[
      ['Sourdough loaf', '$8.50'],
      ['Almond croissant', '$4.25'],
      ['Delivery', '$3.50'],
    ]
      .map(
        ([l, v], i) =>
          `${text(20, 456 + i * 32, l, { size: 16, fill: c.ink })}${text(355, 456 + i * 32, v, { size: 16, fill: c.ink, anchor: 'end' })}`,
      )
      .join('')}
    <line x1="20" x2="355" y1="560" y2="560" stroke="#ecd9c4" stroke-width="2"/>
    ${text(20, 594, 'Total', { size: 18, weight: 800, fill: c.ink })}${text(355, 594, '$16.25', { size: 18, weight: 800, fill: c.ink, anchor: 'end' })}
    ${pill(20, 680, 335, 60, c.primary, 'Pay $16.25', '#fff', 18)}`;
  return pair(
    '#f3dcc2',
    { svg: menu, opts: { bg: '#fff8ef', ink: c.ink } },
    { svg: checkout, opts: { bg: '#fff8ef', ink: c.ink } },
    `<rect x="0" y="640" width="${W}" height="360" fill="#e9c9a5"/><circle cx="1400" cy="220" r="120" fill="#e9b872"/>`,
  );
};

const realty = () => {
  const c = { ink: '#14213d', primary: '#1d3a6e', accent: '#d4a72c' };
  const listing = `<rect width="375" height="330" fill="#8aa6d6"/>
    <path d="M0 330 L120 220 L210 280 L300 190 L375 250 L375 330 Z" fill="#3a65ad"/>
    <path d="M110 330 L110 250 L190 195 L270 250 L270 330 Z" fill="#f4efe6"/><rect x="175" y="280" width="30" height="50" fill="${c.primary}"/>
    ${text(24, 380, '$485,000', { size: 30, weight: 800, fill: c.ink })}
    ${text(24, 410, '1420 Aspen Trail, Silverton', { size: 16, fill: '#56627a' })}
    ${['3 beds', '2 baths', '1,840 sq ft'].map((t, i) => `${panel(24 + i * 110, 432, 100, 44, { fill: '#e8edf6', rx: 12 })}${text(74 + i * 110, 460, t, { size: 15, weight: 700, fill: c.ink, anchor: 'middle' })}`).join('')}
    ${lines(24, 510, [320, 300, 250], '#d3dae8', 22, 9)}
    ${pill(24, 660, 327, 58, c.accent, 'Ask about this home', c.ink, 17)}`;
  const enquiry = `${header('Thanks, Jordan', c.ink, 'Your enquiry reached the right agent')}
    ${panel(20, 160, 335, 150, { fill: '#e8edf6' })}
    <circle cx="70" cy="210" r="30" fill="${c.accent}"/>${text(70, 218, 'DW', { size: 18, weight: 800, fill: c.ink, anchor: 'middle' })}
    ${text(114, 204, 'Dana Whitfield', { size: 18, weight: 700, fill: c.ink })}
    ${text(114, 228, 'Silverton specialist', { size: 14, fill: '#56627a' })}
    ${text(40, 282, 'Will call you within 15 minutes', { size: 15, weight: 700, fill: c.primary })}
    ${text(20, 356, 'Or book a viewing', { size: 18, weight: 800, fill: c.ink })}
    ${['Sat 10:00 AM', 'Sat 11:30 AM', 'Sun 2:00 PM'].map((t, i) => `${panel(20, 376 + i * 70, 335, 58, { fill: i === 1 ? c.primary : '#fff', stroke: i === 1 ? 'none' : '#dde3ee' })}${text(44, 412 + i * 70, t, { size: 17, weight: 700, fill: i === 1 ? '#fff' : c.ink })}`).join('')}
    ${pill(20, 676, 335, 58, c.primary, 'Confirm viewing', '#fff', 17)}`;
  return pair(
    c.primary,
    { svg: listing, opts: { ink: c.ink } },
    { svg: enquiry, opts: { ink: c.ink } },
    `<path d="M0 1000 L0 700 L360 560 L620 640 L1130 330 L1400 520 L1600 440 L1600 1000 Z" fill="#2b4f8f"/><circle cx="1390" cy="180" r="70" fill="${c.accent}"/>`,
  );
};

const gym = () => {
  const c = { ink: '#f4f6f8', primary: '#c6f432', muted: '#8c96a3', panel: '#1c2128' };
  const classes = [
    ['6:00 AM', 'Strength Foundations', 'Maya · 4 spots'],
    ['7:30 AM', 'HIIT Express', 'Jordan · waitlist'],
    ['12:15 PM', 'Mobility & Core', 'Priya · 9 spots'],
    ['5:45 PM', 'Olympic Lifting', 'Marcus · 2 spots'],
    ['7:00 PM', 'Spin & Burn', 'Alex · 6 spots'],
  ];
  const timetable = `${header('Classes', c.ink)}
    ${['Mon', 'Tue', 'Wed', 'Thu', 'Fri'].map((d, i) => `${panel(20 + i * 68, 130, 60, 44, { fill: i === 1 ? c.primary : c.panel, rx: 12 })}${text(50 + i * 68, 158, d, { size: 15, weight: 700, fill: i === 1 ? '#111' : c.ink, anchor: 'middle' })}`).join('')}
    ${classes.map(([t, name, meta], i) => `${panel(20, 196 + i * 104, 335, 92, { fill: c.panel })}${text(40, 228 + i * 104, t, { size: 15, weight: 700, fill: c.primary })}${text(40, 254 + i * 104, name, { size: 17, weight: 700, fill: c.ink })}${text(40, 276 + i * 104, meta, { size: 14, fill: c.muted })}${pill(266, 222 + i * 104, 72, 38, i === 1 ? '#3a4049' : c.primary, i === 1 ? 'Wait' : 'Book', i === 1 ? c.ink : '#111', 15)}`).join('')}`;
  const sms = `${text(187, 92, 'IRONCLAD', { size: 18, weight: 800, fill: c.ink, anchor: 'middle' })}
    ${text(187, 114, 'Text message · 7:00 PM', { size: 13, fill: c.muted, anchor: 'middle' })}
    ${thread(
      140,
      [
        [
          'them',
          [
            'Strength Foundations tomorrow',
            'at 6:00 AM with Maya. Reply 1',
            'to confirm or 2 to free your',
            'spot for someone on the list.',
          ],
        ],
        ['me', ['1']],
        ['them', ["You're in. Bring water, we", 'have the chalk. See you at 6!']],
        ['them', ['Streak: 18 workouts this month.']],
      ],
      { fill: c.panel, fg: c.ink },
      { fill: c.primary, fg: '#111' },
    )}`;
  return pair(
    '#0b0d10',
    { svg: timetable, opts: { bg: '#111418', ink: c.ink, frame: '#2a2f37' } },
    { svg: sms, opts: { bg: '#111418', ink: c.ink, frame: '#2a2f37' } },
    `<path d="M0 1000 L520 0 L700 0 L180 1000 Z" fill="${c.primary}" opacity="0.9"/><path d="M1250 1000 L1600 320 L1600 1000 Z" fill="#1c2128"/>`,
  );
};

const landscaping = () => {
  const c = { ink: '#1f3a1d', primary: '#2f7d32', soft: '#dcefd6' };
  const options = [
    ['Weekly lawn care', true],
    ['Hedge trimming', false],
    ['Spring clean-up', true],
    ['Mulch and planting', false],
  ];
  const quote = `${header('Your free quote', c.ink, 'Step 2 of 3 · about 2 minutes')}
    <rect x="24" y="150" width="327" height="8" rx="4" fill="${c.soft}"/><rect x="24" y="150" width="218" height="8" rx="4" fill="${c.primary}"/>
    ${text(24, 200, 'What do you need?', { size: 19, weight: 800, fill: c.ink })}
    ${options.map(([o, on], i) => `${panel(24, 220 + i * 70, 327, 58, { fill: on ? c.soft : '#fff', stroke: on ? c.primary : '#cfe3c8' })}${panel(42, 236 + i * 70, 26, 26, { fill: on ? c.primary : '#fff', stroke: c.primary, rx: 7 })}${on ? text(55, 256 + i * 70, '✓', { size: 17, weight: 800, fill: '#fff', anchor: 'middle' }) : ''}${text(84, 256 + i * 70, o, { size: 17, fill: c.ink })}`).join('')}
    ${text(24, 532, 'Yard size', { size: 19, weight: 800, fill: c.ink })}
    <rect x="24" y="556" width="327" height="8" rx="4" fill="${c.soft}"/><circle cx="188" cy="560" r="14" fill="${c.primary}"/>
    ${text(24, 596, 'Small', { size: 14, fill: '#6a7f66' })}${text(188, 596, 'Medium', { size: 14, weight: 700, fill: c.ink, anchor: 'middle' })}${text(351, 596, 'Large', { size: 14, fill: '#6a7f66', anchor: 'end' })}
    ${pill(24, 672, 327, 58, c.primary, 'See my price', '#fff', 18)}`;
  const price = `${header('Your estimate', c.ink, '12 Birch Lane, Maple Grove')}
    ${panel(20, 160, 335, 190, { fill: c.primary })}
    ${text(44, 240, '$65', { size: 64, weight: 800, fill: '#fff' })}${text(190, 240, 'per visit', { size: 18, fill: '#dcefd6' })}
    ${text(44, 282, 'Weekly lawn care', { size: 16, fill: '#fff' })}${text(44, 308, '+ spring clean-up, $180 once', { size: 16, fill: '#fff' })}
    ${text(20, 400, 'First visit', { size: 15, fill: '#6a7f66' })}${text(20, 428, 'Tuesday, April 8', { size: 20, weight: 800, fill: c.ink })}
    ${text(20, 480, '★★★★★', { size: 22, fill: '#e0a82e' })}${text(140, 479, '4.9 from 212 Google reviews', { size: 14, fill: c.ink })}
    ${lines(20, 510, [310, 270], '#b9d3b1', 22, 9)}
    ${pill(20, 672, 335, 58, c.primary, 'Book this price', '#fff', 18)}`;
  return pair(
    '#dcefd6',
    { svg: quote, opts: { bg: '#f5f9f1', ink: c.ink } },
    { svg: price, opts: { bg: '#f5f9f1', ink: c.ink } },
    `<path d="M0 760 Q400 620 800 720 T1600 680 L1600 1000 L0 1000 Z" fill="#8cc084"/><path d="M0 860 Q500 760 1000 850 T1600 820 L1600 1000 L0 1000 Z" fill="${c.primary}"/><circle cx="1380" cy="210" r="90" fill="#f2c14e"/>`,
  );
};

const cabins = () => {
  const c = { ink: '#2a1846', primary: '#6d3fc0', accent: '#ff8a4c', soft: '#f1eafd' };
  const booking = `<defs><linearGradient id="dusk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4b2a8a"/><stop offset="1" stop-color="#ff9f5a"/></linearGradient></defs>
    <rect width="375" height="300" fill="url(#dusk)"/><circle cx="270" cy="240" r="56" fill="#ffd27a"/>
    <path d="M0 250 L90 200 L170 240 L260 190 L375 240 L375 300 L0 300 Z" fill="#3b2166"/><path d="M70 300 L70 250 L110 222 L150 250 L150 300 Z" fill="#2a1846"/>
    ${text(24, 346, 'The Heron', { size: 28, weight: 800, fill: c.ink })}
    ${text(24, 374, 'Sleeps 4 · hot tub · kayaks · dogs welcome', { size: 14, fill: '#6b5a86' })}
    ${[
      ['Check in', 'Fri, Jul 18'],
      ['Check out', 'Mon, Jul 21'],
    ]
      .map(
        ([l, v], i) =>
          `${panel(24 + i * 168, 398, 158, 74, { fill: c.soft, rx: 14 })}${text(40 + i * 168, 426, l, { size: 13, weight: 700, fill: '#6b5a86' })}${text(40 + i * 168, 454, v, { size: 17, weight: 700, fill: c.ink })}`,
      )
      .join('')}
    ${text(24, 516, '3 nights', { size: 16, fill: c.ink })}${text(351, 516, '$642', { size: 16, fill: c.ink, anchor: 'end' })}
    ${text(24, 546, 'Booking direct saves you', { size: 16, fill: c.primary })}${text(351, 546, '−$77', { size: 16, weight: 700, fill: c.primary, anchor: 'end' })}
    ${pill(24, 660, 327, 60, c.accent, 'Book direct · $642', '#2a1300', 18)}`;
  const messages = `${text(187, 92, 'Lakeside Cabins', { size: 18, weight: 700, fill: c.ink, anchor: 'middle' })}
    ${text(187, 114, 'Guest messages · Fri 12:00 PM', { size: 13, fill: '#6b5a86', anchor: 'middle' })}
    ${thread(
      140,
      [
        [
          'them',
          ['Hi Priya, welcome! Check-in', 'at The Heron is from 4 PM.', 'Your door code is 4827.'],
        ],
        ['me', ['Can we bring our dog?']],
        [
          'them',
          ['Yes, The Heron is dog-friendly', '($25 a stay). I have added', 'it to your booking.'],
        ],
        ['me', ['Perfect, thank you!']],
        ['them', ['Kayaks are by the dock. Enjoy', 'the sunset from the jetty.']],
      ],
      { fill: c.soft, fg: c.ink },
      { fill: c.primary, fg: '#fff' },
    )}`;
  return pair(
    '#3b2166',
    { svg: booking, opts: { ink: '#fff' } },
    { svg: messages, opts: { ink: c.ink } },
    `<rect x="0" y="700" width="${W}" height="300" fill="#2b5d8a"/><circle cx="260" cy="700" r="150" fill="#ffd27a"/><rect x="0" y="700" width="${W}" height="300" fill="#2b5d8a" opacity="0.7"/>`,
  );
};

/** A phone view per client: `<client>/<client>-phone.png`. */
export const phoneScreens = [
  ['harbor-street-dental', dental],
  ['copper-kettle-bakery', bakery],
  ['summit-ridge-realty', realty],
  ['ironclad-fitness', gym],
  ['verde-landscaping', landscaping],
  ['lakeside-cabins', cabins],
].map(([client, render]) => ({ file: `${client}/${client}-phone.png`, render }));

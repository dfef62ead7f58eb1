import { chrome, lines, panel, pill, text } from './draw.mjs';

function rail(brand, items, active, { bg, ink, on, onInk }) {
  return `<rect x="0" y="64" width="300" height="936" fill="${bg}"/>
  ${text(40, 130, brand, { size: 24, weight: 800, fill: ink })}
  ${items.map((item, i) => `${i === active ? panel(24, 170 + i * 62, 252, 48, { fill: on, rx: 12 }) : ''}${text(48, 201 + i * 62, item, { size: 19, weight: i === active ? 700 : 500, fill: i === active ? onInk : ink })}`).join('')}`;
}

function tile(x, y, w, value, label, { fill = '#fff', stroke = 'none', ink, muted }) {
  return `${panel(x, y, w, 150, { fill, stroke, rx: 20 })}${text(x + 28, y + 74, value, { size: 46, weight: 800, fill: ink })}${text(x + 28, y + 114, label, { size: 19, fill: muted })}`;
}

const dental = () => {
  const c = { ink: '#0d3b3a', primary: '#0f8a84', soft: '#d5f0ed', muted: '#4f7572' };
  const calls = [
    ['9:42 PM', 'Sam Patel', 'Move cleaning to Thu 3:00 PM', 'Rebooked'],
    ['10:15 PM', 'New patient', 'Check-up for two children', 'Booked'],
    ['11:03 PM', 'Maria Lopez', 'Chipped tooth, in pain', 'Sent to on-call'],
    ['6:48 AM', 'New patient', 'Does the practice take Delta?', 'Answered'],
    ['7:20 AM', 'Tom Becker', 'Whitening price', 'Booked'],
  ];
  const badge = {
    Rebooked: c.soft,
    Booked: c.soft,
    'Sent to on-call': '#ffe2c2',
    Answered: '#e8eef0',
  };
  return `${chrome('harborstreetdental.example/front-desk', '#e6ecef', '#f7fbfb')}
  ${rail('Front desk', ['Overnight calls', 'Appointments', 'Patients', 'Settings'], 0, { bg: c.ink, ink: '#d5f0ed', on: c.primary, onInk: '#fff' })}
  ${text(360, 150, 'While you were closed', { size: 40, weight: 800, fill: c.ink })}
  ${text(360, 188, 'Tuesday 6 PM to Wednesday 8 AM · answered by the AI receptionist', { size: 20, fill: c.muted })}
  ${tile(360, 230, 360, '14', 'calls answered', { ink: c.ink, muted: c.muted, stroke: '#cfe6e3' })}
  ${tile(750, 230, 360, '6', 'appointments booked', { ink: c.primary, muted: c.muted, stroke: '#cfe6e3' })}
  ${tile(1140, 230, 360, '1', 'urgent call sent to on-call', { ink: '#b45309', muted: c.muted, stroke: '#cfe6e3' })}
  ${panel(360, 420, 1140, 520, { stroke: '#cfe6e3', rx: 20 })}
  ${['Time', 'Caller', 'Reason', 'Outcome'].map((h, i) => text([400, 560, 820, 1260][i], 474, h, { size: 17, weight: 700, fill: c.muted })).join('')}
  ${calls
    .map(([t, who, why, outcome], i) => {
      const y = 530 + i * 80;
      return `<line x1="400" x2="1460" y1="${y - 34}" y2="${y - 34}" stroke="#e2efed"/>${text(400, y + 8, t, { size: 19, weight: 700, fill: c.ink })}${text(560, y + 8, who, { size: 19, fill: c.ink })}${text(820, y + 8, why, { size: 19, fill: c.ink })}${pill(1260, y - 18, outcome.length * 11 + 40, 40, badge[outcome], outcome, c.ink, 16)}`;
    })
    .join('')}`;
};

const bakery = () => {
  const c = { ink: '#3d2314', primary: '#b5541c', soft: '#f6e2cc', muted: '#6b4a35' };
  const bake = [
    ['Sourdough loaf', 48],
    ['Almond croissant', 72],
    ['Cinnamon swirl', 36],
    ['Berry tart', 20],
    ['Rye & caraway', 18],
  ];
  const stops = [
    ['7:05', 'Maple St', '4 items'],
    ['7:18', 'Oak Ave', '2 items'],
    ['7:31', 'Riverside Offices', 'Catering · 40'],
    ['7:52', 'Elm Court', '3 items'],
  ];
  return `${chrome('copperkettlebakery.example/kitchen', '#efe7dd', '#fff8ef')}
  ${text(90, 150, 'Wednesday’s bake', { size: 42, weight: 800, fill: c.ink })}
  ${text(90, 190, '126 orders closed at 9 PM · 31 deliveries · 2 catering trays', { size: 21, fill: c.muted })}
  ${pill(1290, 112, 220, 56, c.primary, 'Print bake list', '#fff', 19)}
  ${panel(90, 230, 820, 720, { stroke: '#ecd9c4', rx: 24 })}
  ${text(130, 290, 'To bake', { size: 26, weight: 700, fill: c.ink })}
  ${bake
    .map(([name, n], i) => {
      const y = 350 + i * 112;
      return `${text(130, y, name, { size: 22, fill: c.ink })}${text(870, y, String(n), { size: 24, weight: 800, fill: c.ink, anchor: 'end' })}<rect x="130" y="${y + 20}" width="700" height="16" rx="8" fill="${c.soft}"/><rect x="130" y="${y + 20}" width="${(n / 72) * 700}" height="16" rx="8" fill="${c.primary}"/>`;
    })
    .join('')}
  ${panel(950, 230, 560, 720, { fill: c.soft, rx: 24 })}
  ${text(990, 290, 'Delivery round', { size: 26, weight: 700, fill: c.ink })}
  ${stops
    .map(([t, where, what], i) => {
      const y = 350 + i * 140;
      return `<circle cx="1010" cy="${y + 10}" r="14" fill="${c.primary}"/>${i < 3 ? `<line x1="1010" x2="1010" y1="${y + 28}" y2="${y + 124}" stroke="${c.primary}" stroke-width="4" stroke-dasharray="8 8"/>` : ''}${text(1046, y + 4, `${t} AM · ${where}`, { size: 22, weight: 700, fill: c.ink })}${text(1046, y + 38, what, { size: 19, fill: c.muted })}`;
    })
    .join('')}`;
};

const realty = () => {
  const c = { ink: '#14213d', primary: '#1d3a6e', accent: '#d4a72c', muted: '#56627a' };
  const columns = [
    [
      'New',
      [
        ['Jordan Hale', '1420 Aspen Trail', 'Dana · 2 min'],
        ['Chris Moy', 'Valuation request', 'Luis · 4 min'],
      ],
    ],
    [
      'Contacted',
      [
        ['Amy Chen', '88 Ridge Rd', 'Dana · called'],
        ['Ben Ortiz', 'Buyer, 3 beds', 'Kim · texted'],
        ['Lea Novak', 'Condo, under $400k', 'Luis · e-mailed'],
      ],
    ],
    [
      'Viewing',
      [
        ['Raj Iyer', '210 Pine Loop', 'Sat 11:30 AM'],
        ['Sue Park', '5 Glacier Way', 'Sun 2:00 PM'],
      ],
    ],
    ['Offer', [['Nate Cole', '12 Summit Ct', '$612,000']]],
  ];
  return `${chrome('crm.summitridgerealty.example/leads', '#e8ebf1', '#f4f6fa')}
  ${text(90, 150, 'Leads', { size: 42, weight: 800, fill: c.ink })}
  ${text(90, 190, 'Average time to first call this month: 6 minutes', { size: 21, fill: c.muted })}
  ${pill(1310, 112, 200, 56, c.accent, '+ Add lead', c.ink, 19)}
  ${columns
    .map(([name, cards], i) => {
      const x = 90 + i * 360;
      return `${text(x, 262, `${name}  ${cards.length}`, { size: 22, weight: 700, fill: c.ink })}${panel(x, 284, 340, 680, { fill: '#e8edf6', rx: 20 })}${cards.map(([who, what, meta], j) => `${panel(x + 16, 302 + j * 170, 308, 152, { stroke: '#dde3ee', rx: 16 })}${text(x + 40, 348 + j * 170, who, { size: 22, weight: 700, fill: c.ink })}${text(x + 40, 380 + j * 170, what, { size: 18, fill: c.muted })}${pill(x + 40, 398 + j * 170, meta.length * 10.5 + 36, 38, i === 0 ? '#fdf1cf' : '#e8edf6', meta, c.ink, 15)}`).join('')}`;
    })
    .join('')}`;
};

const gym = () => {
  const c = { ink: '#f4f6f8', primary: '#c6f432', muted: '#8c96a3', panel: '#1c2128' };
  const weeks = [14, 13, 15, 12, 7, 6, 5, 6];
  return `${chrome('ironcladfitness.example/coach', '#2a2f37', '#111418')}
  ${text(90, 150, 'Bookings', { size: 42, weight: 800, fill: c.ink })}
  ${text(90, 190, 'All classes · last 8 weeks · reminders on since week 5', { size: 21, fill: c.muted })}
  ${tile(90, 230, 440, '6%', 'no-shows this week (was 14%)', { fill: c.panel, ink: c.primary, muted: c.muted })}
  ${tile(570, 230, 440, '96%', 'of 6:00 AM spots filled', { fill: c.panel, ink: c.ink, muted: c.muted })}
  ${tile(1050, 230, 460, '41', 'free trials booked this month', { fill: c.panel, ink: c.ink, muted: c.muted })}
  ${panel(90, 420, 1420, 530, { fill: c.panel, rx: 22 })}
  ${text(130, 480, 'No-shows per week, %', { size: 24, weight: 700, fill: c.ink })}
  ${weeks
    .map((v, i) => {
      const h = v * 24;
      const x = 170 + i * 162;
      return `<rect x="${x}" y="${880 - h}" width="96" height="${h}" rx="10" fill="${i >= 4 ? c.primary : '#3a4049'}"/>${text(x + 48, 868 - h, `${v}%`, { size: 19, weight: 700, fill: c.ink, anchor: 'middle' })}${text(x + 48, 920, `Wk ${i + 1}`, { size: 17, fill: c.muted, anchor: 'middle' })}`;
    })
    .join('')}
  <line x1="800" x2="800" y1="500" y2="890" stroke="${c.primary}" stroke-width="3" stroke-dasharray="10 10"/>${text(816, 520, 'SMS reminders start', { size: 18, weight: 700, fill: c.primary })}`;
};

const landscaping = () => {
  const c = { ink: '#1f3a1d', primary: '#2f7d32', soft: '#dcefd6', muted: '#4e6a4a' };
  const pins = [
    [1110, 330],
    [1220, 420],
    [1320, 300],
    [1300, 500],
    [1390, 480],
    [1050, 480],
  ];
  return `${chrome('verdelandscaping.example/lawn-care/maple-grove', '#e5ebe2', '#f5f9f1')}
  ${text(90, 140, 'Home  /  Lawn care  /  Maple Grove', { size: 18, fill: c.muted })}
  ${text(90, 230, 'Lawn care in', { size: 62, weight: 800, fill: c.ink })}
  ${text(90, 306, 'Maple Grove', { size: 62, weight: 800, fill: c.primary })}
  ${text(90, 356, 'Weekly mowing, edging and clean-up from $55 a visit.', { size: 23, fill: c.muted })}
  ${text(90, 390, 'Crews in Maple Grove every Tuesday and Friday.', { size: 23, fill: c.muted })}
  ${pill(90, 430, 300, 64, c.primary, 'Get my price', '#fff', 21)}
  ${text(420, 472, '★★★★★  4.9 · 212 reviews', { size: 21, weight: 700, fill: c.ink })}
  ${panel(960, 150, 550, 480, { fill: c.soft, rx: 28 })}
  <path d="M960 420 Q1100 380 1240 430 T1510 400" stroke="#fff" stroke-width="14" fill="none"/>
  <path d="M1180 150 Q1160 300 1230 420 T1260 630" stroke="#fff" stroke-width="10" fill="none"/>
  <path d="M1000 200 h140 v110 h-140z" fill="#c3e2b9"/><path d="M1330 480 h130 v110 h-130z" fill="#c3e2b9"/>
  ${pins.map(([x, y]) => `<path d="M${x} ${y}c-16 0-28 12-28 28 0 22 28 48 28 48s28-26 28-48c0-16-12-28-28-28z" fill="${c.primary}"/><circle cx="${x}" cy="${y + 28}" r="10" fill="#fff"/>`).join('')}
  ${text(990, 610, 'Yards we look after in Maple Grove', { size: 18, weight: 700, fill: c.ink })}
  ${[0, 1, 2].map((i) => `${panel(90 + i * 480, 690, 440, 250, { stroke: '#cfe3c8', rx: 22 })}${text(124 + i * 480, 740, '★★★★★', { size: 22, fill: '#e0a82e' })}${lines(124 + i * 480, 770, [360, 330, 250], '#b9d3b1', 24, 10)}${text(124 + i * 480, 890, ['Karen, Birch Lane', 'Mike, Elm Street', 'The Nguyens, Oak Hill'][i], { size: 19, weight: 700, fill: c.ink })}`).join('')}`;
};

const cabins = () => {
  const c = {
    ink: '#2a1846',
    primary: '#6d3fc0',
    accent: '#ff8a4c',
    soft: '#f1eafd',
    muted: '#6b5a86',
  };
  const names = ['The Heron', 'The Loon', 'Pine Hollow', 'Birch', 'Dockside', 'The Osprey'];
  const stays = [
    [
      [0, 3, 1],
      [4, 9, 0],
      [10, 13, 1],
    ],
    [
      [1, 6, 1],
      [7, 13, 1],
    ],
    [
      [0, 2, 0],
      [3, 8, 1],
      [10, 13, 1],
    ],
    [
      [2, 5, 1],
      [6, 12, 1],
    ],
    [
      [0, 6, 1],
      [8, 11, 0],
    ],
    [
      [1, 4, 1],
      [5, 7, 1],
      [9, 13, 1],
    ],
  ];
  const x0 = 300;
  const day = 82;
  return `${chrome('lakesidecabins.example/owner', '#ebe6f3', '#faf8fd')}
  ${text(90, 150, 'July', { size: 42, weight: 800, fill: c.ink })}
  ${text(90, 190, '92% of nights booked · 78% booked direct, no platform commission', { size: 21, fill: c.muted })}
  ${[
    ['Direct', c.primary],
    ['Platforms', '#c9bde0'],
  ]
    .map(
      ([l, col], i) =>
        `<rect x="${1240 + i * 140}" y="128" width="22" height="22" rx="6" fill="${col}"/>${text(1272 + i * 140, 146, l, { size: 19, fill: c.ink })}`,
    )
    .join('')}
  ${panel(90, 230, 1420, 720, { stroke: '#e2d8f4', rx: 24 })}
  ${Array.from({ length: 14 }, (_, d) => text(x0 + d * day + day / 2, 290, String(14 + d), { size: 17, weight: 700, fill: c.muted, anchor: 'middle' })).join('')}
  ${names
    .map((name, r) => {
      const y = 330 + r * 100;
      return `${text(130, y + 46, name, { size: 21, weight: 700, fill: c.ink })}<line x1="130" x2="1470" y1="${y - 10}" y2="${y - 10}" stroke="#eee8f7"/>${stays[r].map(([a, b, direct]) => `<rect x="${x0 + a * day + 4}" y="${y + 12}" width="${(b - a) * day - 8}" height="56" rx="14" fill="${direct ? c.primary : '#c9bde0'}"/>${text(x0 + a * day + 22, y + 48, direct ? 'Direct' : 'Platform', { size: 16, weight: 700, fill: direct ? '#fff' : c.ink })}`).join('')}`;
    })
    .join('')}
  <rect x="${x0 + 4 * day}" y="300" width="3" height="620" fill="${c.accent}"/>${text(x0 + 4 * day + 10, 318, 'Today', { size: 16, weight: 700, fill: c.accent })}`;
};

/** A second page or dashboard per client: `<client>/<client>-page.png`. */
export const secondPages = [
  ['harbor-street-dental', dental],
  ['copper-kettle-bakery', bakery],
  ['summit-ridge-realty', realty],
  ['ironclad-fitness', gym],
  ['verde-landscaping', landscaping],
  ['lakeside-cabins', cabins],
].map(([client, render]) => ({ file: `${client}/${client}-page.png`, render }));

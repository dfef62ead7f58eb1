import { W, chrome, lines, nav, pill, text } from './draw.mjs';

/** The home page of each client site, the card image on /portfolio. */
export const homePages = [
  {
    file: 'harbor-street-dental/harbor-street-dental.png',
    render() {
      const c = {
        bg: '#f2fbfa',
        ink: '#0d3b3a',
        primary: '#0f8a84',
        soft: '#d5f0ed',
        accent: '#ffb86b',
      };
      return `${chrome('harborstreetdental.example', '#e6ecef', c.bg)}
      ${nav({ brand: 'Harbor Street Dental', items: ['Services', 'Our Team', 'Insurance'], color: c.primary, ink: c.ink, cta: 'Book a Visit', logo: `<circle cx="110" cy="124" r="24" fill="${c.primary}"/><path d="M100 114c4-4 8-2 10 0 2-2 6-4 10 0 3 4 1 12-2 18-2 4-4 6-5 0-1-4-2-5-3-5s-2 1-3 5c-1 6-3 4-5 0-3-6-5-14-2-18z" fill="#fff"/>` })}
      ${text(90, 330, 'Gentle care for', { size: 74, weight: 800, fill: c.ink })}
      ${text(90, 418, 'every smile.', { size: 74, weight: 800, fill: c.primary })}
      ${lines(90, 470, [560, 520, 380], '#9fc9c5')}
      ${pill(90, 560, 260, 66, c.primary, 'Book Online')}
      <rect x="370" y="560" width="250" height="66" rx="33" fill="none" stroke="${c.primary}" stroke-width="3"/>${text(495, 601, 'Call (555) 0101', { size: 21, weight: 700, fill: c.primary, anchor: 'middle' })}
      <rect x="860" y="210" width="640" height="520" rx="28" fill="#fff" stroke="#cfe6e3" stroke-width="2"/>
      ${text(900, 270, 'Pick a time', { size: 30, weight: 700, fill: c.ink })}
      ${text(900, 306, 'Thursday, June 12', { size: 20, fill: '#4f7572' })}
      ${['8:30 AM', '9:15 AM', '10:00 AM', '11:30 AM', '1:45 PM', '3:00 PM']
        .map((t, i) => {
          const x = 900 + (i % 3) * 190;
          const y = 340 + Math.floor(i / 3) * 86;
          const on = i === 2;
          return `<rect x="${x}" y="${y}" width="170" height="64" rx="14" fill="${on ? c.primary : c.soft}"/>${text(x + 85, y + 40, t, { size: 21, weight: 700, fill: on ? '#fff' : c.ink, anchor: 'middle' })}`;
        })
        .join('')}
      <rect x="900" y="540" width="560" height="150" rx="20" fill="${c.soft}"/>
      <circle cx="950" cy="590" r="26" fill="${c.accent}"/>${text(950, 598, 'AI', { size: 20, weight: 800, fill: '#5a2d00', anchor: 'middle' })}
      ${text(992, 584, 'Hi! I can book, move or cancel', { size: 21, fill: c.ink })}
      ${text(992, 614, 'your appointment any time.', { size: 21, fill: c.ink })}
      ${lines(992, 640, [300, 220], '#9fc9c5', 20, 9)}
      ${[0, 1, 2].map((i) => `<rect x="${90 + i * 480}" y="800" width="440" height="150" rx="22" fill="#fff" stroke="#cfe6e3" stroke-width="2"/><circle cx="${150 + i * 480}" cy="875" r="30" fill="${c.soft}"/>${text(200 + i * 480, 866, ['Cleanings', 'Whitening', 'Emergency'][i], { size: 24, weight: 700, fill: c.ink })}${lines(200 + i * 480, 884, [220, 160], '#b5d8d4', 20, 9)}`).join('')}`;
    },
  },
  {
    file: 'copper-kettle-bakery/copper-kettle-bakery.png',
    render() {
      const c = {
        bg: '#fff8ef',
        ink: '#3d2314',
        primary: '#b5541c',
        soft: '#f6e2cc',
        accent: '#e9b872',
      };
      const goods = [
        ['Sourdough Loaf', '$8.50', '#d9a066'],
        ['Almond Croissant', '$4.25', '#e8c07d'],
        ['Cinnamon Swirl', '$3.75', '#c97b4a'],
        ['Berry Tart', '$5.95', '#b84a5a'],
      ];
      return `${chrome('copperkettlebakery.example', '#efe7dd', c.bg)}
      ${nav({ brand: 'Copper Kettle', items: ['Menu', 'Catering', 'Visit Us'], color: c.primary, ink: c.ink, cta: 'Cart (2)', logo: `<path d="M88 136h44l-4-22a18 18 0 0 0-36 0z" fill="${c.primary}"/><rect x="84" y="134" width="52" height="8" rx="4" fill="${c.ink}"/><path d="M132 118c10 0 12 12 2 14" stroke="${c.primary}" stroke-width="5" fill="none"/>` })}
      <rect x="0" y="180" width="${W}" height="360" fill="${c.soft}"/>
      ${text(800, 300, 'Fresh from our oven', { size: 66, weight: 800, fill: c.ink, anchor: 'middle' })}
      ${text(800, 380, 'to your door.', { size: 66, weight: 800, fill: c.primary, anchor: 'middle' })}
      ${text(800, 430, 'Order by 9 PM for next-morning delivery across town.', { size: 24, fill: '#6b4a35', anchor: 'middle' })}
      ${pill(660, 460, 280, 62, c.primary, 'Order Now')}
      ${goods
        .map(([name, price, tone], i) => {
          const x = 90 + i * 365;
          return `<rect x="${x}" y="590" width="335" height="360" rx="24" fill="#fff" stroke="#ecd9c4" stroke-width="2"/>
          <rect x="${x + 20}" y="610" width="295" height="180" rx="18" fill="${c.soft}"/>
          <ellipse cx="${x + 167}" cy="712" rx="92" ry="52" fill="${tone}"/>
          <ellipse cx="${x + 150}" cy="694" rx="40" ry="14" fill="#fff" opacity="0.35"/>
          ${text(x + 24, 836, name, { size: 24, weight: 700, fill: c.ink })}
          ${text(x + 24, 876, price, { size: 24, weight: 800, fill: c.primary })}
          ${pill(x + 190, 895, 125, 40, c.ink, 'Add', '#fff', 18)}`;
        })
        .join('')}`;
    },
  },
  {
    file: 'summit-ridge-realty/summit-ridge-realty.png',
    render() {
      const c = {
        bg: '#ffffff',
        ink: '#14213d',
        primary: '#1d3a6e',
        soft: '#e8edf6',
        accent: '#d4a72c',
      };
      const listing = (x, price, beds, tone) => `
        <rect x="${x}" y="720" width="440" height="240" rx="22" fill="#fff" stroke="#dde3ee" stroke-width="2"/>
        <rect x="${x}" y="720" width="440" height="130" rx="22" fill="${tone}"/>
        <path d="M${x + 150} 850l70-60 70 60z" fill="#fff" opacity="0.5"/>
        ${text(x + 24, 894, price, { size: 28, weight: 800, fill: c.ink })}
        ${text(x + 24, 930, beds, { size: 19, fill: '#56627a' })}`;
      return `${chrome('summitridgerealty.example', '#e8ebf1', c.bg)}
      <rect x="0" y="64" width="${W}" height="620" fill="${c.primary}"/>
      <circle cx="1400" cy="240" r="56" fill="${c.accent}" opacity="0.9"/>
      <path d="M0 684 L360 560 L620 620 L1130 290 L1400 500 L1600 420 L1600 684 Z" fill="#2b4f8f"/>
      <path d="M0 684 L300 600 L600 660 L950 520 L1250 650 L1600 560 L1600 684 Z" fill="#3a65ad"/>
      <path d="M1130 290 L1200 335 L1168 330 L1134 360 L1100 332 L1062 334 Z" fill="#fff" opacity="0.9"/>
      ${nav({ brand: 'Summit Ridge Realty', items: ['Buy', 'Sell', 'Agents'], color: c.accent, ink: '#fff', cta: 'Free Valuation', ctaFg: c.ink, logo: `<path d="M86 146l24-40 24 40z" fill="${c.accent}"/><path d="M102 146l16-26 16 26z" fill="#fff"/>` })}
      ${text(90, 300, 'Find your place', { size: 70, weight: 800, fill: '#fff' })}
      ${text(90, 384, 'in the mountains.', { size: 70, weight: 800, fill: c.accent })}
      <rect x="90" y="440" width="760" height="80" rx="40" fill="#fff"/>
      ${text(140, 490, 'City, neighbourhood or ZIP', { size: 22, fill: '#7a859c' })}
      ${pill(650, 450, 190, 60, c.primary, 'Search')}
      ${listing(90, '$485,000', '3 beds · 2 baths · 1,840 sq ft', '#8aa6d6')}
      ${listing(580, '$629,900', '4 beds · 3 baths · 2,410 sq ft', '#c9a46a')}
      ${listing(1070, '$372,500', '2 beds · 2 baths · 1,120 sq ft', '#7fb0a4')}`;
    },
  },
  {
    file: 'ironclad-fitness/ironclad-fitness.png',
    render() {
      const c = {
        bg: '#111418',
        ink: '#f4f6f8',
        primary: '#c6f432',
        muted: '#8c96a3',
        panel: '#1c2128',
      };
      const rows = [
        ['6:00 AM', 'Strength Foundations', 'Maya', '4 spots'],
        ['7:30 AM', 'HIIT Express', 'Jordan', 'Full'],
        ['12:15 PM', 'Mobility & Core', 'Priya', '9 spots'],
        ['5:45 PM', 'Olympic Lifting', 'Marcus', '2 spots'],
      ];
      return `${chrome('ironcladfitness.example', '#2a2f37', c.bg)}
      ${nav({ brand: 'IRONCLAD', items: ['Classes', 'Coaches', 'Pricing'], color: c.primary, ink: c.ink, cta: 'Join Today', ctaFg: '#111', logo: `<rect x="84" y="118" width="52" height="12" rx="4" fill="${c.primary}"/><rect x="84" y="106" width="12" height="36" rx="4" fill="${c.primary}"/><rect x="124" y="106" width="12" height="36" rx="4" fill="${c.primary}"/>` })}
      ${text(90, 320, 'TRAIN HARDER.', { size: 70, weight: 800, fill: c.ink, spacing: 2 })}
      ${text(90, 404, 'RECOVER SMARTER.', { size: 70, weight: 800, fill: c.primary, spacing: 2 })}
      ${text(90, 470, 'Your first week is free. Book from your phone in seconds.', { size: 24, fill: c.muted })}
      ${pill(90, 510, 300, 66, c.primary, 'Start Free Trial', '#111')}
      <path d="M1080 180 L1500 180 L1500 600 L1010 600 Z" fill="${c.panel}"/>
      <circle cx="1260" cy="380" r="150" fill="none" stroke="${c.primary}" stroke-width="22" stroke-dasharray="700 260" transform="rotate(-90 1260 380)"/>
      ${text(1260, 380, '18', { size: 84, weight: 800, fill: c.ink, anchor: 'middle' })}
      ${text(1260, 424, 'workouts this month', { size: 20, fill: c.muted, anchor: 'middle' })}
      <rect x="90" y="640" width="1420" height="320" rx="22" fill="${c.panel}"/>
      ${text(130, 696, "Today's Classes", { size: 28, weight: 700, fill: c.ink })}
      ${rows
        .map(([time, name, coach, spots], i) => {
          const y = 740 + i * 54;
          const full = spots === 'Full';
          return `<line x1="130" x2="1470" y1="${y - 14}" y2="${y - 14}" stroke="#2d343d"/>
          ${text(130, y + 18, time, { size: 21, weight: 700, fill: c.primary })}
          ${text(330, y + 18, name, { size: 21, fill: c.ink })}
          ${text(820, y + 18, coach, { size: 21, fill: c.muted })}
          ${pill(1290, y - 4, 180, 38, full ? '#3a4049' : c.primary, full ? 'Waitlist' : `Book · ${spots}`, full ? c.ink : '#111', 16)}`;
        })
        .join('')}`;
    },
  },
  {
    file: 'verde-landscaping/verde-landscaping.png',
    render() {
      const c = {
        bg: '#f5f9f1',
        ink: '#1f3a1d',
        primary: '#2f7d32',
        soft: '#dcefd6',
        accent: '#f2c14e',
      };
      const bush = (x, y, k, fill) =>
        `<circle cx="${x}" cy="${y}" r="${38 * k}" fill="${fill}"/><circle cx="${x + 44 * k}" cy="${y + 8 * k}" r="${30 * k}" fill="${fill}"/><circle cx="${x - 40 * k}" cy="${y + 10 * k}" r="${28 * k}" fill="${fill}"/>`;
      const leaf = (x, y, r, s, fill) =>
        `<path d="M${x} ${y}c${s} ${-s} ${s * 2.4} ${-s * 0.2} ${s * 2.6} ${s * 0.6}c${-s * 0.9} ${s * 1.2} ${-s * 2.3} ${s * 1.3} ${-s * 2.6} ${-s * 0.6}z" fill="${fill}" transform="rotate(${r} ${x} ${y})"/>`;
      return `${chrome('verdelandscaping.example', '#e5ebe2', c.bg)}
      ${nav({ brand: 'Verde Landscaping', items: ['Services', 'Projects', 'Reviews'], color: c.primary, ink: c.ink, cta: 'Free Quote', logo: leaf(90, 136, -40, 17, c.primary) })}
      <rect x="860" y="190" width="660" height="560" rx="32" fill="${c.soft}"/>
      <path d="M860 600 Q1020 480 1200 560 T1520 520 L1520 718 Q1520 750 1488 750 L892 750 Q860 750 860 718 Z" fill="#8cc084"/>
      <path d="M860 660 Q1060 580 1280 650 T1520 620 L1520 718 Q1520 750 1488 750 L892 750 Q860 750 860 718 Z" fill="${c.primary}"/>
      <circle cx="1400" cy="300" r="54" fill="${c.accent}"/>
      ${bush(1180, 600, 1, '#4a9d4f')}${bush(1330, 585, 0.8, '#5fae62')}
      <rect x="990" y="520" width="16" height="130" fill="#6b4f2a"/><circle cx="998" cy="500" r="62" fill="#3d8a41"/><circle cx="960" cy="530" r="40" fill="#4a9d4f"/><circle cx="1040" cy="530" r="42" fill="#4a9d4f"/>
      <path d="M1060 750 Q1120 680 1160 750 Z" fill="#e9d8a6"/>
      ${text(90, 320, 'Outdoor spaces,', { size: 70, weight: 800, fill: c.ink })}
      ${text(90, 402, 'beautifully kept.', { size: 70, weight: 800, fill: c.primary })}
      ${lines(90, 450, [600, 540, 420], '#a9c8a1')}
      <rect x="90" y="540" width="700" height="210" rx="22" fill="#fff" stroke="#cfe3c8" stroke-width="2"/>
      ${text(120, 590, 'Get a quote in 2 minutes', { size: 26, weight: 700, fill: c.ink })}
      <rect x="120" y="612" width="300" height="52" rx="12" fill="${c.bg}" stroke="#b9d3b1"/>${text(140, 646, 'Your ZIP code', { size: 19, fill: '#6a7f66' })}
      <rect x="440" y="612" width="320" height="52" rx="12" fill="${c.bg}" stroke="#b9d3b1"/>${text(460, 646, 'Lawn care, weekly', { size: 19, fill: '#6a7f66' })}
      ${pill(120, 680, 640, 52, c.primary, 'See My Price', '#fff', 20)}
      ${[
        ['4.9', 'Google rating'],
        ['1,200+', 'Yards maintained'],
        ['15 yrs', 'In the valley'],
      ]
        .map(
          ([v, l], i) =>
            `${text(90 + i * 300, 850, v, { size: 48, weight: 800, fill: c.primary })}${text(90 + i * 300, 888, l, { size: 20, fill: '#4e6a4a' })}`,
        )
        .join('')}`;
    },
  },
  {
    file: 'lakeside-cabins/lakeside-cabins.png',
    render() {
      const c = { ink: '#2a1846', primary: '#6d3fc0', accent: '#ff8a4c', soft: '#f1eafd' };
      return `${chrome('lakesidecabins.example', '#ebe6f3', '#fff')}
      <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4b2a8a"/><stop offset="0.6" stop-color="#c2548f"/><stop offset="1" stop-color="#ff9f5a"/></linearGradient></defs>
      <rect x="0" y="64" width="${W}" height="640" fill="url(#sky)"/>
      <circle cx="1180" cy="520" r="120" fill="#ffd27a"/>
      <path d="M0 560 L200 470 L360 540 L560 420 L760 560 L1000 460 L1300 560 L1600 480 L1600 704 L0 704 Z" fill="#3b2166"/>
      <rect x="0" y="600" width="${W}" height="104" fill="#2b5d8a"/>
      ${[0, 1, 2, 3].map((i) => `<rect x="${1040 + i * 70}" y="${630 + i * 16}" width="${260 - i * 50}" height="6" rx="3" fill="#ffd27a" opacity="${0.8 - i * 0.15}"/>`).join('')}
      <path d="M300 600 L300 540 L360 500 L420 540 L420 600 Z" fill="#2a1846"/><rect x="345" y="560" width="30" height="40" fill="#ffb35c"/>
      ${nav({ brand: 'Lakeside Cabins', items: ['Cabins', 'Experiences', 'FAQ'], color: '#fff', ink: '#fff', cta: 'Book Direct', ctaFg: c.ink, logo: `<path d="M86 146l24-30 24 30z" fill="#ffd27a"/><rect x="104" y="132" width="12" height="14" fill="#2a1846"/>` })}
      ${text(90, 300, 'Your lakeside escape', { size: 68, weight: 800, fill: '#fff' })}
      ${text(90, 380, 'awaits.', { size: 68, weight: 800, fill: '#ffd27a' })}
      ${text(90, 430, 'Six private cabins · hot tubs · kayaks included', { size: 24, fill: '#f3e8ff' })}
      <rect x="90" y="760" width="1420" height="180" rx="26" fill="#fff" stroke="#e2d8f4" stroke-width="2"/>
      ${[
        ['Check in', 'Fri, Jul 18'],
        ['Check out', 'Mon, Jul 21'],
        ['Guests', '4 adults'],
      ]
        .map(([l, v], i) => {
          const x = 130 + i * 330;
          return `<rect x="${x}" y="800" width="300" height="100" rx="16" fill="${c.soft}"/>${text(x + 24, 838, l, { size: 18, weight: 700, fill: '#6b5a86' })}${text(x + 24, 876, v, { size: 24, weight: 700, fill: c.ink })}`;
        })
        .join('')}
      ${pill(1150, 812, 320, 76, c.accent, 'Check Availability', '#2a1300', 22)}
      <rect x="1080" y="200" width="420" height="130" rx="22" fill="#fff" opacity="0.95"/>
      <circle cx="1130" cy="246" r="24" fill="${c.primary}"/>${text(1130, 254, 'AI', { size: 18, weight: 800, fill: '#fff', anchor: 'middle' })}
      ${text(1170, 244, 'Check-in is from 4 PM. Your', { size: 19, fill: c.ink })}
      ${text(1170, 272, 'door code arrives at noon.', { size: 19, fill: c.ink })}
      ${lines(1170, 292, [240], '#d9cdef', 18, 8)}`;
    },
  },
];

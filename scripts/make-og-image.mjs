// Renders public/og-image.png (1200x630) from an SVG, so the share image is local and exact.
import sharp from 'sharp';

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
<defs><radialGradient id="a" cx="15%" cy="20%" r="60%"><stop offset="0" stop-color="#3b2fc9" stop-opacity=".7"/><stop offset="1" stop-color="#0f1226" stop-opacity="0"/></radialGradient>
<radialGradient id="b" cx="85%" cy="10%" r="50%"><stop offset="0" stop-color="#0b7a6f" stop-opacity=".6"/><stop offset="1" stop-color="#0f1226" stop-opacity="0"/></radialGradient></defs>
<rect width="1200" height="630" fill="#0f1226"/><rect width="1200" height="630" fill="url(#a)"/><rect width="1200" height="630" fill="url(#b)"/>
<rect x="80" y="80" width="96" height="96" rx="24" fill="#3b2fc9"/><text x="128" y="147" font-family="Arial, sans-serif" font-size="60" font-weight="700" fill="#fff" text-anchor="middle">N</text>
<text x="80" y="300" font-family="Arial, sans-serif" font-size="72" font-weight="800" fill="#fff">NovaReach Digital</text>
<text x="80" y="380" font-family="Arial, sans-serif" font-size="38" fill="#b9bdd4">Websites and AI agents that grow small businesses</text>
<text x="80" y="520" font-family="Arial, sans-serif" font-size="30" fill="#c9c4ff">Website packages · Lily AI · Marketing automation</text></svg>`;

await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile('public/og-image.png');
console.log('wrote public/og-image.png');

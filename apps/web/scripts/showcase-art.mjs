// Draws the showcase's illustrations (public/showcase): the home page's hero, the catalogue's
// banner and one to three pictures per shop item. Flat SVG, a few KB each, sharp at every width,
// and ours to redistribute: the pictograms are Tabler Icons (MIT, see the comment in each file).
// Run again after changing the catalogue's pictures: `node apps/web/scripts/showcase-art.mjs`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const nodes = JSON.parse(
  readFileSync(
    path.join(path.dirname(require.resolve('@tabler/icons/outline/camera.svg')), '../../tabler-nodes-outline.json'),
    'utf8',
  ),
);
const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/showcase');
const credit = '<!-- Pictograms: Tabler Icons, MIT License, https://tabler.io/icons -->';

const palettes = {
  logistique: { from: '#3b5bdb', to: '#15aabf', ink: '#1c2a6b', accent: '#ffd43b' },
  securite: { from: '#0ca678', to: '#74b816', ink: '#0b4f3c', accent: '#fff3bf' },
  animation: { from: '#e64980', to: '#fd7e14', ink: '#6b1538', accent: '#ffec99' },
};

/** One Tabler pictogram, drawn at `size` px with its top-left corner at (x, y). */
function icon(name, x, y, size, color, width = 1.6) {
  const parts = nodes[name];
  if (!parts) throw new Error(`no icon ${name}`);
  const inner = parts
    .map(([tag, attrs]) => {
      const a = Object.entries(attrs)
        .filter(([k]) => k !== 'key')
        .map(([k, v]) => `${k}="${v}"`)
        .join(' ');
      return `<${tag} ${a}/>`;
    })
    .join('');
  const scale = size / 24;
  return `<g transform="translate(${x} ${y}) scale(${scale})" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round">${inner}</g>`;
}

/** A product picture: the item's pictogram on a tile, over its category's colours; `layout` varies the gallery. */
function productPicture({ title, main, extra, category, layout }) {
  const p = palettes[category];
  const angle = ['0 0 1 1', '1 0 0 1', '0 1 1 0'][layout % 3].split(' ');
  const dots = Array.from({ length: 14 }, (_, i) => {
    const x = (i * 97 + layout * 53) % 640;
    const y = (i * 61 + layout * 89) % 480;
    const r = 4 + ((i * 7) % 9);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="${0.08 + (i % 4) * 0.05}"/>`;
  }).join('');
  const tile =
    layout === 0
      ? `<rect x="200" y="120" width="240" height="240" rx="48" fill="#fff"/>${icon(main, 236, 156, 168, p.ink)}`
      : `<rect x="110" y="130" width="220" height="220" rx="44" fill="#fff"/>${icon(main, 142, 162, 156, p.ink)}
<rect x="360" y="170" width="170" height="170" rx="36" fill="${p.accent}"/>${icon(extra ?? main, 390, 200, 110, p.ink)}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 480" width="640" height="480"><title>${title}</title>${credit}
<defs><linearGradient id="g" x1="${angle[0]}" y1="${angle[1]}" x2="${angle[2]}" y2="${angle[3]}"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>
<rect width="640" height="480" fill="url(#g)"/>${dots}
<circle cx="${layout === 0 ? 520 : 90}" cy="${layout === 0 ? 90 : 400}" r="120" fill="#fff" opacity=".12"/>
<ellipse cx="320" cy="${layout === 0 ? 392 : 380}" rx="${layout === 0 ? 150 : 230}" ry="16" fill="#000" opacity=".18"/>
${tile}</svg>`;
}

// slug → pictograms of its pictures (the first is the card's), and its category.
const products = {
  'terminal-3g': ['logistique', ['credit-card-pay', 'wifi'], ['device-mobile', 'receipt']],
  'terminal-3g-station': ['logistique', ['battery-charging']],
  'terminal-na': ['logistique', ['cash-register']],
  'terminal-na-station': ['logistique', ['plug-connected']],
  'breathalyser-rental': ['securite', ['bottle']],
  'beer-pong-table': ['animation', ['beer', 'ball-tennis'], ['cup', 'confetti']],
  'candy-floss-machine': ['animation', ['lollipop'], ['ice-cream', 'sparkles']],
  'anti-drug-cap': ['securite', ['shield-check']],
  'coloured-powder': ['animation', ['palette'], ['color-swatch', 'sparkles'], ['brush', 'confetti']],
  breathalyser: ['securite', ['lock-square-rounded']],
  ball: ['animation', ['ball-tennis']],
  cups: ['animation', ['cup'], ['glass-full', 'glass-cocktail']],
  'photo-book': ['animation', ['book']],
  'confetti-cannon': ['animation', ['confetti']],
  sugar: ['animation', ['cube']],
  sticks: ['animation', ['candle']],
  bracelets: ['securite', ['id-badge-2']],
  flyers: ['logistique', ['file-text']],
  photographer: ['animation', ['camera'], ['photo-edit', 'sparkles']],
  'photo-retouch': ['animation', ['photo-edit']],
  'candy-floss-service': ['animation', ['lollipop', 'heart-handshake']],
};

mkdirSync(path.join(out, 'products'), { recursive: true });
for (const [slug, [category, ...pictures]] of Object.entries(products)) {
  pictures.forEach(([main, extra], index) => {
    const layout = index === 0 && !extra ? 0 : index === 0 ? 1 : index + 1;
    writeFileSync(
      path.join(out, 'products', `${slug}-${index + 1}.svg`),
      productPicture({ main, extra, category, layout }),
    );
  });
}

/** The home page's hero: a stage, its lights, the crowd, and a ticket with its code. */
function hero() {
  const beams = [
    [180, '#845ef7'],
    [420, '#f06595'],
    [660, '#22b8cf'],
    [900, '#fcc419'],
  ]
    .map(
      ([x, c], i) =>
        `<polygon points="${x - 18},0 ${x + 18},0 ${x + 220 - i * 140},520 ${x - 120 - i * 40},520" fill="${c}" opacity=".16"/>`,
    )
    .join('');
  const crowd = Array.from({ length: 26 }, (_, i) => {
    const x = 10 + i * 46 + ((i * 13) % 17);
    const h = 48 + ((i * 29) % 40);
    const y = 675 - h;
    const arm =
      i % 5 === 2
        ? `<path d="M${x + 20} ${y + 8} l${14} -${60 + (i % 3) * 10}" stroke="#1a1030" stroke-width="12" stroke-linecap="round"/>`
        : '';
    return `${arm}<circle cx="${x + 6}" cy="${y - 14}" r="20" fill="#1a1030"/><rect x="${x - 18}" y="${y + 4}" width="48" height="${h + 20}" rx="22" fill="#1a1030"/>`;
  }).join('');
  const confetti = Array.from({ length: 36 }, (_, i) => {
    const x = (i * 149) % 1200;
    const y = 40 + ((i * 83) % 420);
    const colors = ['#fcc419', '#f06595', '#22b8cf', '#94d82d', '#ff922b'];
    return `<rect x="${x}" y="${y}" width="10" height="18" rx="3" fill="${colors[i % 5]}" transform="rotate(${(i * 37) % 180} ${x + 5} ${y + 9})" opacity=".85"/>`;
  }).join('');
  const qr = Array.from({ length: 49 }, (_, i) => {
    const [col, row] = [i % 7, Math.floor(i / 7)];
    const finder = (col < 2 && row < 2) || (col > 4 && row < 2) || (col < 2 && row > 4);
    const on = finder || (i * 7 + (i % 3) * 5 + (i >> 2)) % 3 !== 0;
    return on ? `<rect x="${(i % 7) * 12}" y="${Math.floor(i / 7) * 12}" width="12" height="12"/>` : '';
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 675" width="1200" height="675"><title>Une scène de concert, son public et un billet</title>
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#2b1a5e"/><stop offset=".65" stop-color="#5f3dc4"/><stop offset="1" stop-color="#d6336c"/></linearGradient>
<radialGradient id="glow" cx=".5" cy=".55" r=".5"><stop offset="0" stop-color="#ffe066" stop-opacity=".55"/><stop offset="1" stop-color="#ffe066" stop-opacity="0"/></radialGradient></defs>
<rect width="1200" height="675" fill="url(#sky)"/>${beams}
<ellipse cx="600" cy="470" rx="520" ry="180" fill="url(#glow)"/>
<rect x="170" y="430" width="860" height="40" rx="8" fill="#20123f"/><rect x="170" y="420" width="860" height="14" rx="6" fill="#845ef7"/>
<g fill="#20123f"><rect x="300" y="330" width="26" height="90" rx="6"/><rect x="870" y="330" width="26" height="90" rx="6"/><circle cx="600" cy="318" r="22"/><rect x="574" y="344" width="52" height="78" rx="22"/><path d="M626 360 l40 -28" stroke="#20123f" stroke-width="12" stroke-linecap="round"/><rect x="664" y="300" width="6" height="120" rx="3"/><circle cx="667" cy="298" r="9"/></g>
${confetti}${crowd}
<g transform="translate(860 120) rotate(8)"><rect width="260" height="150" rx="18" fill="#fff"/><rect x="178" y="0" width="4" height="150" fill="#e9ecef"/>
<rect x="22" y="26" width="130" height="16" rx="8" fill="#5f3dc4"/><rect x="22" y="56" width="100" height="12" rx="6" fill="#adb5bd"/><rect x="22" y="80" width="120" height="12" rx="6" fill="#adb5bd"/><rect x="22" y="112" width="70" height="18" rx="9" fill="#f06595"/>
<g transform="translate(196 38) scale(.62)" fill="#1a1030">${qr}</g></g>
</svg>`;
}

/** The catalogue's banner: the three kinds of offer side by side. */
function banner() {
  const items = [
    ['credit-card-pay', 'logistique', 120],
    ['shield-check', 'securite', 400],
    ['confetti', 'animation', 680],
    ['camera', 'animation', 960],
  ]
    .map(([name, category, x], i) => {
      const p = palettes[category];
      return `<rect x="${x}" y="${40 + (i % 2) * 20}" width="120" height="120" rx="28" fill="#fff" opacity=".95"/>${icon(name, x + 22, 62 + (i % 2) * 20, 76, p.ink)}`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 220" width="1200" height="220"><title>Nos offres</title>${credit}
<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3b5bdb"/><stop offset=".5" stop-color="#ae3ec9"/><stop offset="1" stop-color="#fd7e14"/></linearGradient></defs>
<rect width="1200" height="220" fill="url(#b)"/><circle cx="1100" cy="20" r="140" fill="#fff" opacity=".1"/><circle cx="60" cy="220" r="110" fill="#fff" opacity=".1"/>${items}</svg>`;
}

writeFileSync(path.join(out, 'hero.svg'), hero());
writeFileSync(path.join(out, 'offers-banner.svg'), banner());
console.log(`showcase pictures written to ${out}`);

import { isNull, sql } from 'drizzle-orm';
import { bannerVariantKey, imageKey, processImage } from '../../modules/images/processing';
import type { ImageStore } from '../../storage/image-store';
import type { Database } from '../client';
import { events } from '../schema';

/**
 * The demo events' banners, drawn here (SVG rendered by sharp), so that a new user sees flyers
 * rather than a wall of placeholders, and so that the project may redistribute them: nothing is
 * downloaded, no photograph or font file is shipped. Each goes through the upload's own pipeline
 * (the stored flyer and its WebP copies).
 */
const PALETTES = [
  ['#5f3dc4', '#e64980', '#ffd43b'],
  ['#0b7285', '#1c7ed6', '#96f2d7'],
  ['#d9480f', '#f08c00', '#fff3bf'],
  ['#2b8a3e', '#74b816', '#fff9db'],
  ['#364fc7', '#7048e8', '#ffc9c9'],
  ['#c2255c', '#f76707', '#e7f5ff'],
] as const;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** At most two lines of about `width` characters, cut between words. */
function lines(text: string, width: number): string[] {
  const words = text.split(/\s+/);
  const out: string[] = [''];
  for (const word of words) {
    const current = out[out.length - 1] ?? '';
    if (current && `${current} ${word}`.length > width) out.push(word);
    else out[out.length - 1] = current ? `${current} ${word}` : word;
  }
  return out.length > 2
    ? [
        out[0] ?? '',
        `${out
          .slice(1)
          .join(' ')
          .slice(0, width - 1)}…`,
      ]
    : out;
}

const dayFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});

function drawDemoBanner(event: { title: string; dateBegin: Date; city: string | null }, index: number): string {
  const [dark, bright, light] = PALETTES[index % PALETTES.length] ?? PALETTES[0];
  const title = lines(event.title.replace(/\s*\(privé\)$/, ''), 20);
  const subtitle = [dayFormat.format(event.dateBegin), event.city].filter(Boolean).join(' · ');
  // A few shapes placed by the index: each flyer differs, all in the same spirit.
  const circles = Array.from({ length: 7 }, (_, i) => {
    const x = (index * 211 + i * 197) % 1500;
    const y = (index * 131 + i * 283) % 900;
    const r = 60 + (((index + i) * 37) % 220);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${i % 2 ? light : bright}" fill-opacity="${0.1 + (i % 3) * 0.07}"/>`;
  }).join('');
  const text = title
    .map(
      (line, i) =>
        `<text x="110" y="${400 + i * 130 - (title.length - 1) * 65}" font-size="118" font-weight="800" fill="#fff">${escapeXml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="900" viewBox="0 0 1500 900">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${bright}"/></linearGradient></defs>
  <rect width="1500" height="900" fill="url(#g)"/>${circles}
  <path d="M0 760 Q 375 ${680 + (index % 4) * 30} 750 760 T 1500 760 V 900 H 0 Z" fill="#000" fill-opacity="0.18"/>
  <g font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif">
    <rect x="110" y="560" width="${Math.max(220, subtitle.length * 24)}" height="70" rx="35" fill="${light}"/>
    <text x="145" y="608" font-size="36" font-weight="700" fill="${dark}">${escapeXml(subtitle)}</text>
    ${text}
  </g>
</svg>`;
}

/** Draws and stores a banner for every demo event that has none (the demo was just seeded). */
export async function seedDemoBanners(db: Database, images: ImageStore): Promise<void> {
  const rows = await db
    .select({ id: events.id, title: events.title, dateBegin: events.dateBegin, city: events.city })
    .from(events)
    .where(isNull(events.bannerPath))
    .orderBy(events.dateBegin);
  for (const [index, event] of rows.entries()) {
    const image = await processImage(await renderSvg(drawDemoBanner(event, index)), 'eventBanner');
    const key = imageKey('events', event.id, 'eventBanner', image.extension);
    await images.put(key, image.data);
    for (const variant of image.variants) await images.put(bannerVariantKey(key, variant.width), variant.data);
    await db.update(events).set({ bannerPath: key }).where(sql`${events.id} = ${event.id}`);
  }
}

async function renderSvg(svg: string): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer();
}

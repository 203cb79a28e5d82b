// Draws the seed catalogue's product images and the banner images as SVG (made for this project,
// no photos). Run `npm run images` after changing prisma/catalogue.ts; the output is committed.
import { mkdirSync, writeFileSync, rmSync } from "node:fs";
import path from "node:path";
import { SEED_PRODUCTS, seedImagePaths, type SeedProduct } from "../prisma/catalogue";
import type { Category } from "../lib/catalog/categories";

const PUBLIC = path.resolve(import.meta.dirname, "../public");

type Palette = { body: string; accent: string; screen: string; bg1: string; bg2: string };
const PALETTES: Palette[] = [
  { body: "#1f2937", accent: "#e11d48", screen: "#0ea5e9", bg1: "#f1f5f9", bg2: "#e2e8f0" },
  { body: "#f8fafc", accent: "#2563eb", screen: "#1e293b", bg1: "#eff6ff", bg2: "#dbeafe" },
  { body: "#334155", accent: "#f59e0b", screen: "#22c55e", bg1: "#fefce8", bg2: "#fef3c7" },
  { body: "#7c3aed", accent: "#f472b6", screen: "#111827", bg1: "#f5f3ff", bg2: "#ede9fe" },
  { body: "#0f766e", accent: "#facc15", screen: "#0b1120", bg1: "#f0fdfa", bg2: "#ccfbf1" },
  { body: "#b91c1c", accent: "#fde68a", screen: "#1f2937", bg1: "#fef2f2", bg2: "#fee2e2" },
  { body: "#e5e7eb", accent: "#111827", screen: "#38bdf8", bg1: "#f8fafc", bg2: "#e5e7eb" },
  { body: "#1e3a8a", accent: "#93c5fd", screen: "#020617", bg1: "#eef2ff", bg2: "#c7d2fe" },
  { body: "#365314", accent: "#bef264", screen: "#0c0a09", bg1: "#f7fee7", bg2: "#d9f99d" },
];

const DRAW: Record<Category, (p: Palette) => string> = {
  airpodes: (p) => `
    <rect x="110" y="170" width="180" height="150" rx="60" fill="${p.body}" stroke="#cbd5e1" stroke-width="4"/>
    <line x1="110" y1="225" x2="290" y2="225" stroke="#cbd5e1" stroke-width="4"/>
    <circle cx="200" cy="270" r="6" fill="${p.accent}"/>
    <g transform="translate(150 80)"><ellipse cx="0" cy="0" rx="26" ry="30" fill="${p.body}" stroke="#94a3b8" stroke-width="3"/><rect x="-9" y="18" width="18" height="70" rx="9" fill="${p.body}" stroke="#94a3b8" stroke-width="3"/></g>
    <g transform="translate(250 80) scale(-1 1)"><ellipse cx="0" cy="0" rx="26" ry="30" fill="${p.body}" stroke="#94a3b8" stroke-width="3"/><rect x="-9" y="18" width="18" height="70" rx="9" fill="${p.body}" stroke="#94a3b8" stroke-width="3"/></g>`,
  camera: (p) => `
    <rect x="70" y="130" width="260" height="170" rx="22" fill="${p.body}"/>
    <rect x="100" y="105" width="80" height="35" rx="8" fill="${p.body}"/>
    <circle cx="220" cy="215" r="68" fill="#0f172a" stroke="${p.accent}" stroke-width="8"/>
    <circle cx="220" cy="215" r="40" fill="${p.screen}" opacity="0.8"/>
    <circle cx="205" cy="200" r="12" fill="#fff" opacity="0.6"/>
    <circle cx="110" cy="165" r="10" fill="${p.accent}"/>`,
  earphones: (p) => `
    <path d="M200 60 C 120 60, 110 150, 140 220 M200 60 C 280 60, 290 150, 260 220" fill="none" stroke="${p.body}" stroke-width="8" stroke-linecap="round"/>
    <path d="M200 60 L200 120" stroke="${p.body}" stroke-width="8"/>
    <rect x="185" y="115" width="30" height="40" rx="8" fill="${p.accent}"/>
    <g transform="translate(140 250)"><circle r="34" fill="${p.body}"/><circle r="18" fill="${p.accent}"/></g>
    <g transform="translate(260 250)"><circle r="34" fill="${p.body}"/><circle r="18" fill="${p.accent}"/></g>
    <path d="M200 155 C 200 300, 200 320, 200 340" stroke="${p.body}" stroke-width="6"/>
    <rect x="188" y="330" width="24" height="30" rx="4" fill="#94a3b8"/>`,
  mobiles: (p) => `
    <rect x="125" y="40" width="150" height="320" rx="26" fill="${p.body}" stroke="#94a3b8" stroke-width="4"/>
    <rect x="137" y="60" width="126" height="280" rx="14" fill="${p.screen}"/>
    <rect x="175" y="66" width="50" height="12" rx="6" fill="#0f172a"/>
    <circle cx="170" cy="130" r="20" fill="#fff" opacity="0.25"/><circle cx="230" cy="200" r="34" fill="#fff" opacity="0.18"/>
    <rect x="155" y="290" width="90" height="10" rx="5" fill="#fff" opacity="0.5"/>
    <rect x="272" y="110" width="6" height="50" rx="3" fill="${p.accent}"/>`,
  mouse: (p) => `
    <path d="M200 60 C 285 60, 300 150, 295 230 C 290 320, 250 350, 200 350 C 150 350, 110 320, 105 230 C 100 150, 115 60, 200 60 Z" fill="${p.body}" stroke="#94a3b8" stroke-width="4"/>
    <line x1="200" y1="62" x2="200" y2="170" stroke="#94a3b8" stroke-width="4"/>
    <path d="M105 170 Q200 190 295 170" fill="none" stroke="#94a3b8" stroke-width="4"/>
    <rect x="190" y="95" width="20" height="45" rx="10" fill="${p.accent}"/>
    <path d="M140 300 Q200 330 260 300" fill="none" stroke="${p.accent}" stroke-width="6" stroke-linecap="round"/>`,
  printers: (p) => `
    <rect x="130" y="60" width="140" height="90" fill="#fff" stroke="#cbd5e1" stroke-width="3"/>
    <rect x="60" y="130" width="280" height="150" rx="18" fill="${p.body}"/>
    <rect x="60" y="130" width="280" height="30" rx="12" fill="${p.accent}" opacity="0.85"/>
    <rect x="110" y="250" width="180" height="90" fill="#fff" stroke="#cbd5e1" stroke-width="3"/>
    <line x1="130" y1="280" x2="270" y2="280" stroke="#94a3b8" stroke-width="4"/><line x1="130" y1="305" x2="240" y2="305" stroke="#94a3b8" stroke-width="4"/>
    <rect x="270" y="185" width="45" height="25" rx="5" fill="${p.screen}"/>
    <circle cx="95" cy="200" r="9" fill="#22c55e"/>`,
  processor: (p) => {
    const pins = Array.from({ length: 9 }, (_, i) => 108 + i * 23)
      .map((x) => `<rect x="${x - 4}" y="70" width="8" height="30" fill="#d4a017"/><rect x="${x - 4}" y="300" width="8" height="30" fill="#d4a017"/><rect x="70" y="${x - 4}" width="30" height="8" fill="#d4a017"/><rect x="300" y="${x - 4}" width="30" height="8" fill="#d4a017"/>`)
      .join("");
    return `${pins}<rect x="95" y="95" width="210" height="210" rx="14" fill="${p.body}"/>
    <rect x="130" y="130" width="140" height="140" rx="8" fill="#cbd5e1"/>
    <rect x="150" y="150" width="100" height="100" rx="6" fill="${p.accent}" opacity="0.9"/>
    <text x="200" y="212" text-anchor="middle" font-family="Arial, sans-serif" font-size="28" font-weight="700" fill="#fff">CPU</text>`;
  },
  refrigerator: (p) => `
    <rect x="115" y="30" width="170" height="340" rx="16" fill="${p.body}" stroke="#94a3b8" stroke-width="4"/>
    <line x1="115" y1="150" x2="285" y2="150" stroke="#94a3b8" stroke-width="4"/>
    <rect x="255" y="70" width="10" height="55" rx="5" fill="${p.accent}"/>
    <rect x="255" y="175" width="10" height="90" rx="5" fill="${p.accent}"/>
    <rect x="140" y="60" width="60" height="30" rx="4" fill="${p.screen}" opacity="0.8"/>
    <rect x="135" y="370" width="20" height="10" fill="#64748b"/><rect x="245" y="370" width="20" height="10" fill="#64748b"/>`,
  speakers: (p) => `
    <rect x="110" y="50" width="180" height="300" rx="40" fill="${p.body}"/>
    <circle cx="200" cy="140" r="48" fill="#0f172a"/><circle cx="200" cy="140" r="26" fill="${p.accent}"/>
    <circle cx="200" cy="260" r="60" fill="#0f172a"/><circle cx="200" cy="260" r="34" fill="${p.accent}"/><circle cx="200" cy="260" r="10" fill="#0f172a"/>
    <rect x="175" y="60" width="50" height="10" rx="5" fill="${p.screen}"/>`,
  trimmers: (p) => `
    <g transform="rotate(-20 200 200)">
    <rect x="160" y="90" width="80" height="260" rx="38" fill="${p.body}"/>
    <rect x="150" y="50" width="100" height="55" rx="10" fill="#cbd5e1"/>
    <path d="M152 50 l8 -14 l8 14 l8 -14 l8 14 l8 -14 l8 14 l8 -14 l8 14 l8 -14 l8 14 l8 -14 l8 14" fill="none" stroke="#64748b" stroke-width="3"/>
    <circle cx="200" cy="170" r="14" fill="${p.accent}"/>
    <rect x="188" y="220" width="24" height="70" rx="12" fill="${p.screen}" opacity="0.7"/></g>`,
  television: (p) => `
    <rect x="30" y="70" width="340" height="210" rx="12" fill="${p.body}"/>
    <rect x="42" y="82" width="316" height="186" rx="4" fill="${p.screen}"/>
    <path d="M42 230 L130 160 L200 215 L260 170 L358 240 L358 268 L42 268 Z" fill="#fff" opacity="0.25"/>
    <circle cx="300" cy="125" r="22" fill="#fde68a" opacity="0.8"/>
    <path d="M170 280 L150 330 M230 280 L250 330" stroke="${p.body}" stroke-width="10" stroke-linecap="round"/>
    <rect x="120" y="325" width="160" height="10" rx="5" fill="${p.accent}"/>`,
  watches: (p) => `
    <rect x="160" y="30" width="80" height="110" rx="14" fill="${p.accent}"/>
    <rect x="160" y="260" width="80" height="110" rx="14" fill="${p.accent}"/>
    <rect x="120" y="110" width="160" height="180" rx="40" fill="${p.body}" stroke="#94a3b8" stroke-width="4"/>
    <rect x="138" y="128" width="124" height="144" rx="28" fill="${p.screen}"/>
    <text x="200" y="212" text-anchor="middle" font-family="Arial, sans-serif" font-size="36" font-weight="700" fill="#fff">10:09</text>
    <rect x="280" y="170" width="12" height="30" rx="5" fill="#94a3b8"/>`,
};

function productSvg(product: SeedProduct, productIndex: number, view: number): string {
  const palette = PALETTES[(productIndex + (view === 3 ? 4 : 0)) % PALETTES.length]!;
  const transforms = ["", "", "rotate(-10 200 200) scale(0.92) translate(16 16)", "", "scale(1.6) translate(-75 -75)"];
  const drawing = DRAW[product.category](palette);
  const id = `${product.sku.toLowerCase()}-${view}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-label="${escapeXml(product.productName)}">
  <defs><radialGradient id="bg-${id}" cx="50%" cy="40%" r="70%"><stop offset="0" stop-color="${palette.bg1}"/><stop offset="1" stop-color="${palette.bg2}"/></radialGradient>
  <filter id="sh-${id}" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="0" dy="10" stdDeviation="10" flood-opacity="0.18"/></filter></defs>
  <rect width="400" height="400" fill="url(#bg-${id})"/>
  <ellipse cx="200" cy="372" rx="120" ry="12" fill="#0f172a" opacity="0.08"/>
  <g filter="url(#sh-${id})" transform="${transforms[view] ?? ""}">${drawing}</g>
</svg>
`;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

const BANNERS: { title: string; subtitle: string; category: Category; from: string; to: string }[] = [
  { title: "The new phones are here", subtitle: "Up to 25% off on Samsung, OnePlus and more", category: "mobiles", from: "#1e1b4b", to: "#7c3aed" },
  { title: "Sound that moves you", subtitle: "Earbuds from ₹999 · Free delivery", category: "airpodes", from: "#0f172a", to: "#0ea5e9" },
  { title: "Big screens, bigger savings", subtitle: "4K smart TVs up to 45% off", category: "television", from: "#7f1d1d", to: "#e11d48" },
  { title: "Wear your fitness", subtitle: "Smartwatches from ₹1,299", category: "watches", from: "#064e3b", to: "#14b8a6" },
  { title: "Capture every moment", subtitle: "Cameras and vlogging kits on offer", category: "camera", from: "#78350f", to: "#f59e0b" },
];

function bannerSvg(banner: (typeof BANNERS)[number], index: number, mobile: boolean): string {
  const [w, h] = mobile ? [800, 900] : [1600, 500];
  const art = DRAW[banner.category](PALETTES[index % PALETTES.length]!);
  const artTransform = mobile ? "translate(200 380) scale(1.2)" : "translate(1060 30) scale(1.1)";
  const textX = mobile ? 400 : 120;
  const anchor = mobile ? "middle" : "start";
  const titleY = mobile ? 150 : 210;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${escapeXml(banner.title)}">
  <defs><linearGradient id="g${index}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${banner.from}"/><stop offset="1" stop-color="${banner.to}"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#g${index})"/>
  <circle cx="${w * 0.78}" cy="${h * 0.5}" r="${h * 0.42}" fill="#fff" opacity="0.08"/>
  <circle cx="${w * 0.1}" cy="${h * 0.95}" r="${h * 0.3}" fill="#fff" opacity="0.05"/>
  <text x="${textX}" y="${titleY}" text-anchor="${anchor}" font-family="Arial, Helvetica, sans-serif" font-size="${mobile ? 56 : 72}" font-weight="700" fill="#fff">${escapeXml(banner.title)}</text>
  <text x="${textX}" y="${titleY + (mobile ? 70 : 80)}" text-anchor="${anchor}" font-family="Arial, Helvetica, sans-serif" font-size="${mobile ? 32 : 36}" fill="#fff" opacity="0.9">${escapeXml(banner.subtitle)}</text>
  <g transform="${artTransform}">${art}</g>
</svg>
`;
}

function write(relative: string, content: string) {
  const file = path.join(PUBLIC, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

rmSync(path.join(PUBLIC, "images/products"), { recursive: true, force: true });
SEED_PRODUCTS.forEach((product, index) => {
  seedImagePaths(product).forEach((image, i) => write(image, productSvg(product, index, i + 1)));
});
BANNERS.forEach((banner, i) => {
  write(`images/banners/desktop-${i + 1}.svg`, bannerSvg(banner, i, false));
  write(`images/banners/mobile-${i + 1}.svg`, bannerSvg(banner, i, true));
});
console.log(`Drew ${SEED_PRODUCTS.reduce((n, p) => n + p.imageCount, 0)} product images and ${BANNERS.length * 2} banners.`);

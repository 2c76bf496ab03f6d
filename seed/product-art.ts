/**
 * Generated demo artwork: stylised, font-free SVG illustrations for products, blog articles and
 * avatars. Everything is deterministic (colours come from a hash of the title / name), contains no
 * <text> and no external references, so it renders identically on any machine with sharp/librsvg.
 */

type Tone = readonly [h: number, s: number, l: number];
type Pal = {
  /** seeded random in [0,1) */
  r: () => number;
  main: Tone;
  alt: Tone;
  accent: Tone;
  bgA: string;
  bgB: string;
  glow: string;
};
type Art = { g: string; fy: number; fw: number };

// ── colour + random helpers ─────────────────────────────────────────────────

function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const clamp = (x: number, lo = 0, hi = 100) => Math.max(lo, Math.min(hi, x));

function hex(h: number, s: number, l: number): string {
  const hh = ((h % 360) + 360) % 360;
  const ss = clamp(s) / 100;
  const ll = clamp(l) / 100;
  const a = ss * Math.min(ll, 1 - ll);
  const f = (n: number) => {
    const k = (n + hh / 30) % 12;
    const v = ll - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

/** tone → hex, lightness shifted by dl */
const c = (t: Tone, dl = 0, ds = 0) => hex(t[0], t[1] + ds, t[2] + dl);
const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
const n = (x: number) => Math.round(x * 10) / 10;

const FABRIC: Tone[] = [
  [220, 45, 28], // navy
  [80, 22, 40], // olive
  [18, 58, 45], // rust
  [40, 40, 84], // cream
  [210, 8, 32], // charcoal
  [345, 48, 34], // burgundy
  [125, 16, 58], // sage
  [42, 68, 52], // mustard
  [350, 55, 78], // blush
  [30, 42, 58], // camel
  [155, 35, 27], // forest
  [205, 50, 66], // sky
  [12, 55, 56], // terracotta
  [265, 32, 70], // lavender
  [185, 42, 34], // teal
  [8, 70, 66], // coral
];
const LEATHER: Tone[] = [
  [24, 62, 36], // cognac
  [20, 38, 22], // chocolate
  [30, 10, 14], // black
  [32, 48, 55], // tan
  [352, 45, 28], // oxblood
  [205, 20, 30], // slate
];
const DENIM: Tone[] = [
  [224, 52, 24], // raw indigo
  [216, 42, 38], // mid wash
  [210, 38, 56], // light wash
  [220, 8, 22], // washed black
  [212, 30, 47], // stone
];
const CANVAS: Tone[] = [
  [75, 20, 40], // olive
  [38, 30, 62], // khaki
  [218, 38, 30], // navy
  [200, 8, 34], // charcoal
  [160, 30, 30], // forest
  [16, 50, 46], // rust
  [195, 35, 45], // petrol
];
const FINISH: Tone[] = [
  [220, 6, 24], // graphite
  [210, 8, 78], // silver
  [226, 32, 22], // midnight
  [140, 14, 52], // sage
  [35, 26, 74], // sand
  [270, 22, 32], // deep purple
  [205, 42, 44], // ocean
  [12, 34, 72], // rose
];

function palette(title: string, main: Tone): Pal {
  const h = hash(title);
  const r = rng(h);
  let bh = h % 360;
  // keep the background hue away from a saturated product hue so the product stands out
  if (main[1] > 20 && Math.abs(((bh - main[0] + 540) % 360) - 180) < 45) bh += 150;
  const light = main[2] > 72;
  const bs = 30 + r() * 25;
  const bl = light ? 74 + r() * 6 : 86 + r() * 6;
  const alt: Tone = [(main[0] + 25 + r() * 40) % 360, main[1], clamp(main[2] + (main[2] > 50 ? -28 : 22))];
  // accent (screens, rings, trims) is drawn independently of the background so that two products
  // of the same kind with similar backgrounds still look different
  const accent: Tone = [Math.floor(r() * 360), 55 + r() * 25, 52 + r() * 10];
  return {
    r,
    main,
    alt,
    accent,
    bgA: hex(bh, bs, bl + 4),
    bgB: hex(bh + 25, bs + 8, bl - 8),
    glow: hex(bh - 10, bs - 10, Math.min(97, bl + 8)),
  };
}

// ── shared pieces ───────────────────────────────────────────────────────────

/** vertical light→dark gradient definition */
const grad = (id: string, a: string, b: string, horiz = false) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${horiz ? 1 : 0.35}" y2="${horiz ? 0 : 1}"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;

/** a rounded-rect screen with an abstract wave wallpaper */
function screen(id: string, x: number, y: number, w: number, h: number, rx: number, p: Pal): string {
  const hue = p.accent[0];
  const top = hex(hue, 70, 62);
  const bot = hex(hue + 50, 60, 30);
  return `<defs>${grad(`${id}g`, top, bot)}<clipPath id="${id}"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}"/></clipPath></defs><g clip-path="url(#${id})"><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${id}g)"/><circle cx="${n(x + w * 0.72)}" cy="${n(y + h * 0.3)}" r="${n(Math.min(w, h) * 0.16)}" fill="#fff" opacity=".55"/><path d="M${x} ${n(y + h * 0.62)}C${n(x + w * 0.3)} ${n(y + h * 0.42)} ${n(x + w * 0.6)} ${n(y + h * 0.85)} ${x + w} ${n(y + h * 0.55)}V${y + h}H${x}Z" fill="${hex(hue + 160, 65, 58)}" opacity=".8"/><path d="M${x} ${n(y + h * 0.8)}C${n(x + w * 0.35)} ${n(y + h * 0.65)} ${n(x + w * 0.7)} ${n(y + h * 1.0)} ${x + w} ${n(y + h * 0.75)}V${y + h}H${x}Z" fill="${hex(hue + 200, 55, 40)}" opacity=".85"/><rect x="${x}" y="${y}" width="${w}" height="${n(h * 0.5)}" fill="#fff" opacity=".06"/></g>`;
}

/** stitched line helper */
const stitch = (d: string, col: string, w = 4) =>
  `<path d="${d}" fill="none" stroke="${col}" stroke-width="${w}" stroke-dasharray="12 9" stroke-linecap="round"/>`;

// ── electronics ─────────────────────────────────────────────────────────────

function phone(p: Pal, t: string): Art {
  const fold = /fold/i.test(t);
  const mini = /mini/i.test(t);
  const lenses = /pro|fold/i.test(t) ? 3 : /\bgo\b/i.test(t) ? 1 : 2;
  const W = mini ? 330 : 360;
  const H = mini ? 680 : 740;
  const dark = c(p.main, -12);
  const x = -W / 2;
  const y = -H / 2;
  const mod = lenses === 3 ? 190 : 150;
  let cam = `<rect x="${x + 30}" y="${y + 30}" width="${mod}" height="${lenses === 1 ? 110 : mod + 30}" rx="44" fill="${c(p.main, -8)}" opacity=".9"/>`;
  const lensAt = (cx: number, cy: number, r: number) =>
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#1b1d22" stroke="${c(p.main, 18)}" stroke-width="6"/><circle cx="${cx}" cy="${cy}" r="${r * 0.5}" fill="#2d3a55"/><circle cx="${cx - r * 0.25}" cy="${cy - r * 0.25}" r="${r * 0.15}" fill="#fff" opacity=".6"/>`;
  const lx = x + 30 + 55;
  const ly = y + 30 + 55;
  cam += lensAt(lx, ly, 36);
  if (lenses >= 2) cam += lensAt(lx, ly + (lenses === 3 ? 90 : 100), 36);
  if (lenses === 3) cam += lensAt(lx + 85, ly + 45, 32);
  cam += `<circle cx="${lx + (lenses === 3 ? 85 : 70)}" cy="${ly + (lenses === 3 ? -12 : 0)}" r="10" fill="#f6e7b8"/>`;
  const back = `<g transform="translate(${fold ? 400 : 455} 590) rotate(-9)"><rect x="${x}" y="${y}" width="${W}" height="${H}" rx="62" fill="url(#pb)" stroke="${dark}" stroke-width="5"/>${cam}<rect x="${x + W + 1}" y="${y + 150}" width="6" height="90" rx="3" fill="${dark}"/></g>`;
  const FW = fold ? 600 : W;
  const FH = fold ? 700 : H;
  const fx = -FW / 2;
  const fyy = -FH / 2;
  const front = `<g transform="translate(${fold ? 700 : 745} 620) rotate(7)"><rect x="${fx}" y="${fyy}" width="${FW}" height="${FH}" rx="${fold ? 44 : 62}" fill="${c(p.main, -18)}"/>${screen("ps", fx + 14, fyy + 14, FW - 28, FH - 28, fold ? 32 : 50, p)}${fold ? `<rect x="-3" y="${fyy + 14}" width="6" height="${FH - 28}" fill="#000" opacity=".18"/>` : ""}<circle cx="${fold ? FW / 4 : 0}" cy="${fyy + 44}" r="12" fill="#0c0d10"/><rect x="${fx + 40}" y="${fyy + 90}" width="${n(FW * 0.35)}" height="22" rx="11" fill="#fff" opacity=".7"/><rect x="${fx + 40}" y="${fyy + 128}" width="${n(FW * 0.22)}" height="14" rx="7" fill="#fff" opacity=".45"/></g>`;
  const flip = hash(t) % 2 === 1 ? ' transform="matrix(-1 0 0 1 1200 0)"' : "";
  return {
    g: `<defs>${grad("pb", c(p.main, 10), c(p.main, -8))}</defs><g${flip}>${back}${front}</g>`,
    fy: 1000,
    fw: fold ? 480 : 420,
  };
}

function watch(p: Pal, t: string): Art {
  const smart = /smart|gps|fitness/i.test(t);
  const outdoor = /gps|outdoor/i.test(t);
  const mesh = /mesh/i.test(t);
  const dive = /dive/i.test(t);
  const chrono = /chrono/i.test(t);
  const cy = 580;
  const metal = dive || mesh;
  const strapTone: Tone = metal ? p.main : smart ? p.alt : (LEATHER[hash(t) % 4] as Tone);
  const strapD = c(strapTone, -10);
  const sw = mesh ? 190 : 220;
  const top = `M${600 - sw / 2 - 20} ${cy - 60}L${600 - sw / 2} 130Q${600 - sw / 2} 110 ${600 - sw / 2 + 24} 110H${600 + sw / 2 - 24}Q${600 + sw / 2} 110 ${600 + sw / 2} 130L${600 + sw / 2 + 20} ${cy - 60}Z`;
  const bot = `M${600 - sw / 2 - 20} ${cy + 60}L${600 - sw / 2} 1010Q${600 - sw / 2} 1030 ${600 - sw / 2 + 24} 1030H${600 + sw / 2 - 24}Q${600 + sw / 2} 1030 ${600 + sw / 2} 1010L${600 + sw / 2 + 20} ${cy + 60}Z`;
  let straps = `<path d="${top}" fill="url(#ws)"/><path d="${bot}" fill="url(#ws)"/>`;
  if (mesh || dive) {
    straps += `<path d="${top}" fill="url(#wm)"/><path d="${bot}" fill="url(#wm)"/>`;
  } else if (smart) {
    for (let i = 0; i < 5; i++) straps += `<circle cx="600" cy="${860 + i * 36}" r="8" fill="${strapD}"/>`;
  } else {
    straps += stitch(top.replace(/Z$/, ""), c(strapTone, 25), 3);
  }
  const metalA = c(p.main, 16);
  const metalB = c(p.main, -14);
  let face = "";
  if (smart && !outdoor) {
    face = `<rect x="405" y="${cy - 225}" width="390" height="450" rx="118" fill="url(#wc)"/><rect x="795" y="${cy - 70}" width="26" height="80" rx="10" fill="${metalB}"/><rect x="428" y="${cy - 202}" width="344" height="404" rx="98" fill="#0b0d12"/>`;
  } else {
    const R = mesh ? 185 : 215;
    face = `<circle cx="600" cy="${cy}" r="${R}" fill="url(#wc)"/><rect x="${600 + R - 6}" y="${cy - 26}" width="34" height="52" rx="10" fill="${metalB}"/>`;
    if (chrono)
      face += `<rect x="${600 + R - 30}" y="${cy - 150}" width="30" height="40" rx="8" fill="${metalB}" transform="rotate(10 600 ${cy})"/><rect x="${600 + R - 30}" y="${cy + 110}" width="30" height="40" rx="8" fill="${metalB}" transform="rotate(-10 600 ${cy})"/>`;
    if (dive || outdoor) {
      face += `<circle cx="600" cy="${cy}" r="${R - 16}" fill="${dive ? c(p.accent, -25) : "#22252b"}"/>`;
      for (let i = 0; i < 12; i++)
        face += `<rect x="596" y="${cy - R + 22}" width="8" height="18" rx="3" fill="#e9eef5" opacity=".8" transform="rotate(${i * 30} 600 ${cy})"/>`;
    }
  }
  if (smart) {
    const rr = outdoor ? 150 : 0;
    const dial = outdoor ? `<circle cx="600" cy="${cy}" r="${rr}" fill="#0b0d12"/>` : "";
    const cols = [hex(p.accent[0], 80, 58), hex(p.accent[0] + 100, 75, 55), hex(p.accent[0] + 200, 80, 60)];
    let rings = "";
    [110, 80, 50].forEach((r0, i) => {
      const circ = 2 * Math.PI * r0;
      const frac = 0.45 + ((hash(t) >> (i * 4)) % 40) / 80;
      rings += `<circle cx="600" cy="${cy}" r="${r0}" fill="none" stroke="${cols[i]}" stroke-opacity=".25" stroke-width="24"/><circle cx="600" cy="${cy}" r="${r0}" fill="none" stroke="${cols[i]}" stroke-width="24" stroke-linecap="round" stroke-dasharray="${n(circ * frac)} ${n(circ)}" transform="rotate(-90 600 ${cy})"/>`;
    });
    face += dial + rings;
  } else {
    const R = mesh ? 185 : 215;
    const dr = dive ? R - 50 : R - 24;
    const dialCol = c(p.alt, 0);
    face += `<circle cx="600" cy="${cy}" r="${dr}" fill="${dialCol}"/><circle cx="600" cy="${cy}" r="${dr}" fill="url(#wg)"/>`;
    const mark = c(p.alt, p.alt[2] > 50 ? -45 : 50);
    for (let i = 0; i < 12; i++)
      face += `<rect x="595" y="${cy - dr + 14}" width="10" height="${i % 3 === 0 ? 34 : 18}" rx="4" fill="${mark}" transform="rotate(${i * 30} 600 ${cy})"/>`;
    if (chrono)
      face += `<circle cx="530" cy="${cy}" r="40" fill="none" stroke="${mark}" stroke-width="4"/><circle cx="670" cy="${cy}" r="40" fill="none" stroke="${mark}" stroke-width="4"/><path d="M530 ${cy}l0 -30M670 ${cy}l18 20" stroke="${mark}" stroke-width="5"/>`;
    face += `<rect x="592" y="${cy - 100}" width="16" height="110" rx="8" fill="${mark}" transform="rotate(-55 600 ${cy})"/><rect x="594" y="${cy - dr + 40}" width="12" height="${dr - 30}" rx="6" fill="${mark}" transform="rotate(62 600 ${cy})"/><rect x="598" y="${cy - dr + 30}" width="4" height="${dr}" fill="${c(p.accent)}" transform="rotate(160 600 ${cy})"/><circle cx="600" cy="${cy}" r="14" fill="${c(p.accent)}"/>`;
  }
  return {
    g: `<defs>${grad("ws", c(strapTone, 8), strapD)}${grad("wc", metalA, metalB)}<radialGradient id="wg" cx=".35" cy=".3" r=".9"><stop offset="0" stop-color="#fff" stop-opacity=".22"/><stop offset="1" stop-color="#000" stop-opacity=".12"/></radialGradient><pattern id="wm" width="14" height="14" patternUnits="userSpaceOnUse"><path d="M0 7h14M7 0v14" stroke="#000" stroke-opacity=".16" stroke-width="3"/></pattern></defs>${straps}${face}<ellipse cx="540" cy="${cy - 120}" rx="70" ry="36" fill="#fff" opacity=".12" transform="rotate(-30 540 ${cy - 120})"/>`,
    fy: 1060,
    fw: 300,
  };
}

function laptop(p: Pal, t: string): Art {
  const gaming = /gaming/i.test(t);
  const big = /16|15/.test(t);
  const w = big ? 800 : 740;
  const h = big ? 500 : 470;
  const x = 600 - w / 2;
  const y = 740 - h;
  return {
    g: `<defs>${grad("lb", c(p.main, 14), c(p.main, -10))}</defs><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="28" fill="${gaming ? "#15161b" : c(p.main, -14)}"/><rect x="${x + 6}" y="${y + 6}" width="${w - 12}" height="${h - 12}" rx="24" fill="#0d0e12"/>${screen("ls", x + 22, y + 22, w - 44, h - 54, 10, p)}<circle cx="600" cy="${y + 12}" r="5" fill="#333"/><path d="M${x - 80} 748H${x + w + 80}Q${x + w + 92} 748 ${x + w + 86} 760L${x + w + 64} 796Q${x + w + 58} 806 ${x + w + 44} 806H${x - 44}Q${x - 58} 806 ${x - 64} 796L${x - 86} 760Q${x - 92} 748 ${x - 80} 748Z" fill="url(#lb)"/><rect x="${x}" y="736" width="${w}" height="14" rx="4" fill="${c(p.main, -20)}"/><rect x="530" y="748" width="140" height="12" rx="6" fill="${c(p.main, -18)}"/>${gaming ? `<rect x="${x - 60}" y="790" width="${w + 120}" height="5" rx="2" fill="${c(p.accent, 5, 20)}"/>` : ""}<path d="M${x - 80} 749H${x + w + 80}" stroke="#fff" stroke-opacity=".5" stroke-width="2"/>`,
    fy: 820,
    fw: w / 2 + 140,
  };
}

function tablet(p: Pal, _t: string): Art {
  return {
    g: `<defs>${grad("tk", c(p.main, 8), c(p.main, -10))}<pattern id="kk" width="46" height="40" patternUnits="userSpaceOnUse"><rect x="4" y="4" width="38" height="32" rx="7" fill="#000" opacity=".28"/></pattern></defs><path d="M230 790H970L1040 930H160Z" fill="url(#tk)"/><path d="M262 806H938L990 900H210Z" fill="url(#kk)"/><rect x="520" y="902" width="160" height="20" rx="6" fill="#000" opacity=".12"/><g transform="rotate(-4 600 520)"><rect x="215" y="250" width="770" height="530" rx="44" fill="#111318"/>${screen("ts", 240, 275, 720, 480, 24, p)}<circle cx="600" cy="262" r="5" fill="#333"/></g><g transform="rotate(-12 930 960)"><rect x="690" y="948" width="420" height="22" rx="11" fill="${c(p.alt, 10)}"/><path d="M690 948l-34 11 34 11z" fill="${c(p.alt, -20)}"/></g>`,
    fy: 950,
    fw: 460,
  };
}

function tv(p: Pal, t: string): Art {
  const inches = Number(/(\d+)"/.exec(t)?.[1] ?? 55);
  const s = n(0.8 + ((clamp(inches, 32, 75) - 32) / 43) * 0.2);
  const pedestal = /gaming|studio|compact/i.test(t);
  const hue = p.accent[0];
  const x = 140;
  const y = 250;
  const w = 920;
  const h = 540;
  const land = `<defs>${grad("sky", hex(hue, 60, 78), hex(hue + 30, 70, 55))}<clipPath id="tc"><rect x="${x + 10}" y="${y + 10}" width="${w - 20}" height="${h - 20}" rx="4"/></clipPath></defs><g clip-path="url(#tc)"><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#sky)"/><circle cx="${x + 640}" cy="${y + 180}" r="70" fill="${hex(hue + 190, 90, 85)}"/><path d="M${x} ${y + 400}L${x + 200} ${y + 230}L${x + 330} ${y + 330}L${x + 520} ${y + 170}L${x + 760} ${y + 360}L${x + 860} ${y + 290}L${x + w} ${y + 350}V${y + h}H${x}Z" fill="${hex(hue + 200, 35, 42)}"/><path d="M${x} ${y + 450}C${x + 250} ${y + 380} ${x + 500} ${y + 500} ${x + w} ${y + 420}V${y + h}H${x}Z" fill="${hex(hue + 220, 40, 28)}"/><path d="M${x} ${y + 495}C${x + 300} ${y + 460} ${x + 600} ${y + 530} ${x + w} ${y + 480}V${y + h}H${x}Z" fill="${hex(hue + 230, 45, 18)}"/><path d="M${x} ${y}L${x + 420} ${y}L${x + 200} ${y + h}H${x}Z" fill="#fff" opacity=".05"/></g>`;
  const stand = pedestal
    ? `<rect x="570" y="${y + h}" width="60" height="70" fill="#24262c"/><rect x="430" y="${y + h + 64}" width="340" height="20" rx="10" fill="#2c2f36"/>`
    : `<path d="M${x + 110} ${y + h}L${x + 70} ${y + h + 80}H${x + 96}L${x + 150} ${y + h}ZM${x + w - 110} ${y + h}L${x + w - 70} ${y + h + 80}H${x + w - 96}L${x + w - 150} ${y + h}Z" fill="#2c2f36"/>`;
  return {
    g: `<g transform="translate(600 ${y + h + 80}) scale(${s}) translate(-600 -${y + h + 80})">${stand}<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="14" fill="#15171c"/>${land}<rect x="${x}" y="${y + h - 6}" width="${w}" height="6" fill="#2a2d34"/></g>`,
    fy: y + h + 84,
    fw: 520 * s,
  };
}

// ── clothing ────────────────────────────────────────────────────────────────

const RIB = `<pattern id="rib" width="22" height="40" patternUnits="userSpaceOnUse"><rect width="9" height="40" fill="#000" opacity=".13"/></pattern>`;
const TWILL = `<pattern id="tw" width="10" height="10" patternUnits="userSpaceOnUse"><path d="M0 10L10 0" stroke="#fff" stroke-opacity=".09" stroke-width="3"/></pattern>`;

function top(p: Pal, t: string): Art {
  const tee = /t-shirt|tee/i.test(t);
  const vest = /vest/i.test(t);
  const sweater = /sweater|cardigan/i.test(t);
  const cardigan = /cardigan/i.test(t);
  const jacket = /jacket/i.test(t);
  const denim = /denim|chambray/i.test(t);
  const trucker = jacket && denim;
  const field = jacket && !denim;
  const snap = /snap|western/i.test(t);
  const shirt = /shirt/i.test(t) && !tee;
  const hem = /cropped/i.test(t) ? 800 : 905;
  const _main = c(p.main);
  const dark = c(p.main, -10);
  const darker = c(p.main, -20);
  const light = c(p.main, 10);
  const thread = denim ? "#d98c3a" : c(p.main, p.main[2] > 60 ? -25 : 18);
  const body = `M525 235L425 268Q412 380 440 470L445 ${hem}Q600 ${hem + 18} 755 ${hem}L760 470Q788 380 775 268L675 235Q600 ${cardigan ? 480 : 278} 525 235Z`;
  const sleeveL = tee
    ? "M425 268Q350 282 318 350L262 500Q312 532 362 540L440 440Q420 350 425 268Z"
    : "M425 268Q355 285 328 362L236 770Q285 792 338 790L442 470Q414 380 425 268Z";
  const sleeveR = sleeveL.replace(
    /(-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)/g,
    (_m, a: string, b: string) => `${1200 - Number(a)} ${b}`,
  );
  let g = `<defs>${grad("tm", light, dark)}${grad("ts2", c(p.main, 2), c(p.main, -16))}${RIB}${TWILL}</defs>`;
  // back of collar / inside neck
  g += `<path d="M525 235Q600 205 675 235Q600 262 525 235Z" fill="${darker}"/>`;
  if (!vest) g += `<path d="${sleeveL}" fill="url(#ts2)"/><path d="${sleeveR}" fill="url(#ts2)"/>`;
  g += `<path d="${body}" fill="url(#tm)"/>`;
  if (denim) g += `<path d="${body}" fill="url(#tw)"/>`;
  if (!vest && !tee) {
    // cuffs
    const cuff = "M246 725L352 740L338 790Q285 792 236 770Z";
    const cuffR = cuff.replace(/(-?\d+) (-?\d+)/g, (_m, a: string, b: string) => `${1200 - Number(a)} ${b}`);
    g += `<path d="${cuff}" fill="${dark}"/><path d="${cuffR}" fill="${dark}"/>`;
    if (sweater) g += `<path d="${cuff}" fill="url(#rib)"/><path d="${cuffR}" fill="url(#rib)"/>`;
  }
  if (sweater || tee) {
    g += `<path d="M525 235Q600 ${cardigan ? 480 : 278} 675 235" fill="none" stroke="${dark}" stroke-width="${tee ? 14 : 22}"/>`;
  }
  if (sweater) {
    g += `<path d="M444 ${hem - 48}H756L755 ${hem}Q600 ${hem + 18} 445 ${hem}Z" fill="${dark}"/><path d="M444 ${hem - 48}H756L755 ${hem}Q600 ${hem + 18} 445 ${hem}Z" fill="url(#rib)"/>`;
  }
  if (cardigan) {
    g += `<rect x="588" y="470" width="24" height="${hem - 468}" fill="${dark}"/>`;
    for (let y = 520; y < hem - 20; y += 85) g += `<circle cx="600" cy="${y}" r="11" fill="${c(p.alt)}"/>`;
    g += `<rect x="475" y="650" width="100" height="110" rx="10" fill="${dark}" opacity=".5"/><rect x="625" y="650" width="100" height="110" rx="10" fill="${dark}" opacity=".5"/>`;
  }
  if (shirt || trucker) {
    // placket + buttons
    g += `<rect x="588" y="285" width="24" height="${hem - 285}" fill="${light}" opacity=".5"/>`;
    for (let y = 330; y < hem - 20; y += 80)
      g += snap
        ? `<circle cx="600" cy="${y}" r="11" fill="#f3efe6" stroke="${darker}" stroke-width="3"/>`
        : `<circle cx="600" cy="${y}" r="${trucker ? 12 : 8}" fill="${trucker ? "#b87333" : c(p.main, 30)}"/>`;
  }
  if (shirt || trucker || field) {
    // pointed collar
    const col = field ? c(LEATHER[1] as Tone, 6) : light;
    g += `<path d="M525 232Q560 262 602 300L548 335Q515 290 506 244Z" fill="${col}" stroke="${dark}" stroke-width="3"/><path d="M675 232Q640 262 598 300L652 335Q685 290 694 244Z" fill="${col}" stroke="${dark}" stroke-width="3"/>`;
  }
  if (shirt && !snap && !denim)
    g += `<rect x="468" y="390" width="92" height="100" rx="6" fill="none" stroke="${dark}" stroke-width="4"/>`;
  if (snap) g += stitch("M440 380Q520 420 560 372Q600 420 640 372Q680 420 760 380", "#f3efe6", 4);
  if (trucker) {
    for (const sx of [470, 630])
      g += `<path d="M${sx} 372H${sx + 100}V410L${sx + 50} 432L${sx}410Z" fill="${dark}"/>${stitch(`M${sx + 8} 380H${sx + 92}V405L${sx + 50} 424L${sx + 8} 405Z`, thread, 3)}<circle cx="${sx + 50}" cy="408" r="9" fill="#b87333"/>${stitch(`M${sx + 30} 440L${sx + 30} ${hem - 60}`, thread, 3)}`;
    g += `<path d="M446 ${hem - 60}H754" stroke="${dark}" stroke-width="3"/>${stitch(`M446 ${hem - 52}H754`, thread, 3)}`;
  }
  if (field) {
    g += `<path d="M600 280V${hem + 8}" stroke="${darker}" stroke-width="8"/><rect x="592" y="292" width="16" height="30" rx="4" fill="#c9a24a"/>`;
    for (const [px, py, pw, ph] of [
      [470, 390, 100, 100],
      [630, 390, 100, 100],
      [462, 640, 118, 140],
      [620, 640, 118, 140],
    ] as const)
      g += `<rect x="${px}" y="${py}" width="${pw}" height="${ph}" rx="8" fill="${dark}"/><path d="M${px - 6} ${py}h${pw + 12}v36h-${pw + 12}z" fill="${darker}"/>`;
  }
  if (vest) {
    g += `<path d="M600 280V${hem + 8}" stroke="${darker}" stroke-width="7"/><path d="M520 235Q600 200 680 235L676 200Q600 175 524 200Z" fill="${dark}"/>`;
    for (let y = 330; y < hem; y += 82)
      g += `<path d="M${y < 470 ? 438 : 446} ${y}Q520 ${y + 14} 600 ${y}Q680 ${y + 14} ${y < 470 ? 762 : 754} ${y}" fill="none" stroke="${darker}" stroke-width="5" opacity=".7"/>`;
  }
  return { g, fy: Math.max(hem, 800) + 90, fw: 330 };
}

function dress(p: Pal, t: string): Art {
  const maxi = /maxi/i.test(t);
  const shirtDress = /shirt/i.test(t);
  const hem = maxi ? 1040 : 960;
  const dark = c(p.main, -12);
  const neck = shirtDress ? "L600 275Z" : maxi ? "Q600 300 540 232Z" : "L600 340Z";
  const body = `M540 218L470 240Q458 330 485 420L500 490L${maxi ? 310 : 340} ${hem}Q600 ${hem + 36} ${maxi ? 890 : 860} ${hem}L700 490L715 420Q742 330 730 240L660 218${neck}`;
  let g = `<defs>${grad("dm", c(p.main, 10), c(p.main, -8))}<pattern id="fl" width="70" height="70" patternUnits="userSpaceOnUse"><circle cx="18" cy="20" r="9" fill="${c(p.alt)}"/><circle cx="18" cy="20" r="3" fill="${c(p.accent, 10)}"/><circle cx="54" cy="55" r="7" fill="${c(p.accent, 15)}"/><circle cx="52" cy="22" r="3" fill="#fff" opacity=".7"/></pattern></defs>`;
  if (maxi) {
    g += `<path d="M540 232L525 130M660 232L675 130" stroke="${dark}" stroke-width="10" stroke-linecap="round"/>`;
  } else {
    // short / flutter sleeves
    g += `<path d="M472 242Q410 252 372 330Q425 360 482 340Z" fill="${dark}"/><path d="M728 242Q790 252 828 330Q775 360 718 340Z" fill="${dark}"/>`;
  }
  g += `<path d="${body}" fill="url(#dm)"/>`;
  if (maxi) {
    g += `<path d="${body}" fill="url(#fl)" opacity=".8"/>`;
    for (const y of [640, 830]) {
      const k = (y - 490) / (hem - 490);
      const xl = n(500 - k * 190);
      g += `<path d="M${xl} ${y}Q600 ${y + 24} ${1200 - xl} ${y}" fill="none" stroke="${dark}" stroke-width="6"/>`;
    }
    for (let y = 290; y < 440; y += 30) g += `<path d="M470 ${y}H730" stroke="${dark}" stroke-width="3" opacity=".6"/>`;
  } else {
    // soft folds in the skirt
    for (const k of [0.3, 0.5, 0.7])
      g += `<path d="M${n(520 + k * 160)} 510Q${n(420 + k * 360)} 760 ${n(380 + k * 440)} ${hem - 10}" fill="none" stroke="${dark}" stroke-width="5" opacity=".45"/>`;
  }
  if (!maxi && !shirtDress) {
    g += `<path d="M600 340Q650 420 705 478" fill="none" stroke="${dark}" stroke-width="5"/><path d="M555 500Q640 700 790 ${hem + 8}" fill="none" stroke="${dark}" stroke-width="5"/>`;
  }
  // waist tie / belt
  g += `<path d="M492 472Q600 488 708 472L704 505Q600 520 496 505Z" fill="${dark}"/>`;
  if (!maxi)
    g += `<path d="M640 490Q620 600 600 660M650 490Q680 590 690 640" stroke="${dark}" stroke-width="14" stroke-linecap="round" fill="none"/><circle cx="645" cy="492" r="16" fill="${dark}"/>`;
  if (shirtDress) {
    g += `<path d="M540 215Q566 245 602 280L556 312Q528 272 522 228Z" fill="${c(p.main, 6)}" stroke="${dark}" stroke-width="3"/><path d="M660 215Q634 245 598 280L644 312Q672 272 678 228Z" fill="${c(p.main, 6)}" stroke="${dark}" stroke-width="3"/>`;
    for (let y = 330; y < 900; y += 75)
      if (y < 460 || y > 530) g += `<circle cx="600" cy="${y}" r="8" fill="${c(p.alt)}"/>`;
  }
  return { g, fy: hem + 70, fw: 300 };
}

function skirt(p: Pal, t: string): Art {
  const mini = /mini/i.test(t);
  const denim = /denim/i.test(t);
  const hem = mini ? 760 : 950;
  const spread = mini ? 110 : 170;
  const L = 455 - spread;
  const R = 745 + spread;
  const body = `M455 330L${L} ${hem}Q600 ${hem + 30} ${R} ${hem}L745 330Z`;
  let g = `<defs><linearGradient id="sk" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${c(p.main, -8)}"/><stop offset=".35" stop-color="${c(p.main, 12)}"/><stop offset=".6" stop-color="${c(p.main, -4)}"/><stop offset=".85" stop-color="${c(p.main, 10)}"/><stop offset="1" stop-color="${c(p.main, -10)}"/></linearGradient>${TWILL}</defs>`;
  g += `<path d="${body}" fill="url(#sk)"/>`;
  if (denim) {
    g += `<path d="${body}" fill="url(#tw)"/>${stitch(`M480 330Q500 410 ${L + 40} 450`, "#d98c3a", 3)}${stitch(`M720 330Q700 410 ${R - 40} 450`, "#d98c3a", 3)}${stitch(`M600 330V520`, "#d98c3a", 3)}`;
    for (let x = L + 8; x < R; x += 14)
      g += `<path d="M${x} ${hem + 10}v18" stroke="${c(p.main, 20)}" stroke-width="3"/>`;
  } else {
    for (let i = 1; i < 12; i++) {
      const xt = n(455 + (290 * i) / 12);
      const xb = n(L + ((R - L) * i) / 12);
      g += `<path d="M${xt} 332L${xb} ${hem + 14}" stroke="${c(p.main, -18)}" stroke-width="3" opacity=".55"/>`;
    }
  }
  g += `<rect x="448" y="280" width="304" height="56" rx="10" fill="${c(p.main, -6)}"/>`;
  if (denim) {
    for (const x of [470, 560, 640, 725])
      g += `<rect x="${x - 6}" y="276" width="12" height="64" rx="4" fill="${c(p.main, -2)}"/>`;
    g += `<circle cx="600" cy="308" r="13" fill="#b87333"/>`;
  }
  return { g, fy: hem + 90, fw: 300 };
}

function trousers(p: Pal, t: string): Art {
  const jeans = /jeans/i.test(t);
  const wide = /wide/i.test(t);
  const slim = /slim|tapered/i.test(t);
  const relaxed = /relaxed|carpenter/i.test(t);
  const selvedge = /selvedge/i.test(t);
  const hipX = relaxed ? 800 : wide ? 790 : 785;
  const [oR, iR] = wide ? [845, 612] : slim ? [742, 628] : [762, 616];
  const body = `M425 213H775L${hipX} 470L${oR} 1040H${iR}L600 500L${1200 - iR} 1040H${1200 - oR}L${1200 - hipX} 470Z`;
  const thread = jeans ? "#d98c3a" : c(p.main, -18);
  let g = `<defs>${grad("jm", c(p.main, 8), c(p.main, -8))}${TWILL}</defs><path d="${body}" fill="url(#jm)"/>`;
  if (jeans) g += `<path d="${body}" fill="url(#tw)"/>`;
  // fading / whiskers
  if (jeans)
    g += `<ellipse cx="500" cy="680" rx="55" ry="110" fill="#fff" opacity=".1"/><ellipse cx="700" cy="680" rx="55" ry="110" fill="#fff" opacity=".1"/><path d="M560 520l-60 -20M565 545l-70 -10M700 500l-60 20M705 525l-70 10" stroke="#fff" stroke-opacity=".22" stroke-width="5" stroke-linecap="round"/>`;
  else
    g += `<path d="M500 480L${n((1200 - oR + 1200 - iR) / 2)} 1030M700 480L${n((oR + iR) / 2)} 1030" stroke="${c(p.main, -14)}" stroke-width="3" opacity=".6"/>`;
  g += `<rect x="418" y="165" width="364" height="50" rx="8" fill="${c(p.main, -4)}"/>`;
  for (const x of [450, 540, 660, 750])
    g += `<rect x="${x - 7}" y="160" width="14" height="62" rx="4" fill="${c(p.main, 2)}"/>`;
  g += `<circle cx="600" cy="190" r="13" fill="${jeans ? "#b87333" : c(p.main, -20)}"/>`;
  g += stitch("M560 215V400Q562 430 600 448", thread, 4);
  g += jeans
    ? stitch("M480 215Q490 300 415 330", thread, 4) + stitch("M720 215Q710 300 785 330", thread, 4)
    : stitch("M470 215L420 350", thread, 4) + stitch("M730 215L780 350", thread, 4);
  if (jeans) g += `<circle cx="418" cy="330" r="7" fill="#b87333"/><circle cx="782" cy="330" r="7" fill="#b87333"/>`;
  if (/carpenter/i.test(t))
    g += `<rect x="${1200 - oR + 30}" y="560" width="110" height="170" rx="6" fill="${c(p.main, -6)}"/>${stitch(`M${1200 - oR + 38} 568h94v154h-94z`, thread, 3)}<rect x="690" y="520" width="26" height="90" rx="4" fill="${c(p.main, -6)}"/>`;
  if (selvedge || jeans) {
    const cuff = 58;
    g += `<path d="M${1200 - oR - 2} ${1040 - cuff}H${1200 - iR + 2}V1040H${1200 - oR - 4}Z" fill="${c(p.main, -6)}"/><path d="M${iR - 2} ${1040 - cuff}H${oR + 2}V1040H${iR}Z" fill="${c(p.main, -6)}"/>`;
    if (selvedge)
      g += `<path d="M${1200 - oR} ${1040 - cuff + 4}V1040M${oR} ${1040 - cuff + 4}V1040" stroke="#f2efe8" stroke-width="8"/><path d="M${1200 - oR} ${1040 - cuff + 10}V1034M${oR} ${1040 - cuff + 10}V1034" stroke="#c0392b" stroke-width="3" stroke-dasharray="10 6"/>`;
  }
  return { g, fy: 1080, fw: 320 };
}

// ── accessories ─────────────────────────────────────────────────────────────

function bag(p: Pal, t: string): Art {
  const tote = /tote/i.test(t);
  const main = p.main;
  let g = `<defs>${grad("bm", c(main, 10), c(main, -10))}${grad("bf", c(main, 4), c(main, -16))}</defs>`;
  const gold = "#d4ad5a";
  if (tote) {
    g += `<path d="M430 460C430 170 770 170 770 460" fill="none" stroke="${c(main, -18)}" stroke-width="30"/><path d="M245 450H955L885 950Q880 985 845 985H355Q320 985 315 950Z" fill="url(#bm)"/><path d="M245 450L315 950Q320 985 355 985L300 460Z" fill="#000" opacity=".12"/><path d="M955 450L885 950Q880 985 845 985L900 460Z" fill="#000" opacity=".12"/><path d="M410 470C410 140 790 140 790 470" fill="none" stroke="${c(main, -6)}" stroke-width="34"/>${stitch("M262 478H938", c(main, 24), 3)}<rect x="380" y="440" width="58" height="70" rx="10" fill="${c(main, -14)}"/><rect x="762" y="440" width="58" height="70" rx="10" fill="${c(main, -14)}"/>`;
    return { g, fy: 1030, fw: 360 };
  }
  g += `<path d="M330 520C330 90 870 90 870 520" fill="none" stroke="${c(main, -12)}" stroke-width="30"/><rect x="310" y="480" width="40" height="46" rx="8" fill="${gold}"/><rect x="850" y="480" width="40" height="46" rx="8" fill="${gold}"/><path d="M300 530Q300 480 350 480H850Q900 480 900 530L882 900Q878 950 828 950H372Q322 950 318 900Z" fill="url(#bm)"/><path d="M298 530Q298 478 350 478H850Q902 478 902 530L896 700Q600 790 304 700Z" fill="url(#bf)"/>${stitch("M322 530Q322 500 352 500H848Q878 500 878 530L874 684Q600 765 326 684Z", c(main, 22), 3)}<rect x="560" y="700" width="80" height="56" rx="14" fill="${gold}"/><rect x="578" y="716" width="44" height="24" rx="8" fill="${c(main, -12)}"/>`;
  return { g, fy: 1000, fw: 360 };
}

function duffel(p: Pal, _t: string): Art {
  const lea = LEATHER[hash(_t) % 3] as Tone;
  const l = c(lea);
  const body = `<rect x="170" y="470" width="860" height="430" rx="200"/>`;
  return {
    g: `<defs>${grad("dg", c(p.main, 10), c(p.main, -12))}<clipPath id="dc">${body}</clipPath></defs><path d="M440 500C440 280 760 280 760 500" fill="none" stroke="${l}" stroke-width="38"/><rect x="170" y="470" width="860" height="430" rx="200" fill="url(#dg)"/><g clip-path="url(#dc)"><rect x="170" y="460" width="150" height="460" fill="${l}"/><rect x="880" y="460" width="150" height="460" fill="${l}"/><rect x="170" y="860" width="860" height="50" fill="${l}"/></g><path d="M320 492H880" stroke="${c(p.main, -22)}" stroke-width="10"/><rect x="820" y="484" width="40" height="18" rx="5" fill="#d4ad5a"/><rect x="400" y="494" width="80" height="90" rx="12" fill="${l}"/><rect x="720" y="494" width="80" height="90" rx="12" fill="${l}"/><rect x="430" y="640" width="340" height="190" rx="30" fill="${c(p.main, -6)}"/><path d="M430 670Q430 640 460 640H740Q770 640 770 670V720H430Z" fill="${c(p.main, -14)}"/>${stitch("M332 640V820M868 640V820", "#f0e6d2", 3)}`,
    fy: 950,
    fw: 460,
  };
}

function backpack(p: Pal, _t: string): Art {
  const d = c(p.main, -14);
  return {
    g: `<defs>${grad("bp", c(p.main, 10), c(p.main, -10))}</defs><path d="M430 330Q330 600 420 900M770 330Q870 600 780 900" fill="none" stroke="${d}" stroke-width="44" stroke-linecap="round"/><path d="M555 290C555 200 645 200 645 290" fill="none" stroke="${d}" stroke-width="22"/><rect x="380" y="270" width="440" height="700" rx="160" fill="url(#bp)"/><path d="M410 440Q600 330 790 440" fill="none" stroke="${d}" stroke-width="8"/><rect x="425" y="590" width="350" height="330" rx="90" fill="${c(p.main, -6)}"/><path d="M440 660Q600 610 760 660" fill="none" stroke="${d}" stroke-width="8"/><rect x="640" y="640" width="16" height="46" rx="6" fill="${c(p.accent)}"/><rect x="560" y="395" width="16" height="46" rx="6" fill="${c(p.accent)}"/><rect x="445" y="880" width="310" height="10" rx="5" fill="#fff" opacity=".35"/>`,
    fy: 1010,
    fw: 330,
  };
}

function cap(p: Pal, _t: string): Art {
  const d = c(p.main, -14);
  return {
    g: `<defs>${grad("cp", c(p.main, 12), c(p.main, -8))}${grad("cb", c(p.main, -2), c(p.main, -22))}</defs><path d="M250 690C230 440 370 310 560 305C760 300 880 440 870 650Z" fill="url(#cp)"/><path d="M560 308Q470 430 440 690M560 308Q650 420 700 670M560 308Q360 380 300 580" fill="none" stroke="${d}" stroke-width="5"/><circle cx="455" cy="420" r="7" fill="${d}"/><circle cx="640" cy="420" r="7" fill="${d}"/><ellipse cx="560" cy="306" rx="24" ry="13" fill="${d}"/><path d="M250 690Q560 610 870 650C960 660 1060 700 1080 760C1020 790 880 790 760 760Q600 720 250 690Z" fill="url(#cb)"/><path d="M250 690Q560 610 870 650C960 660 1060 700 1080 760" fill="none" stroke="${c(p.main, 14)}" stroke-width="6"/>${stitch("M330 680Q560 638 860 672C940 680 1010 705 1040 740", c(p.main, 12), 3)}`,
    fy: 850,
    fw: 400,
  };
}

function beanie(p: Pal, _t: string): Art {
  return {
    g: `<defs>${grad("bn", c(p.main, 12), c(p.main, -8))}${RIB}</defs><path d="M375 660C360 390 470 270 600 270C730 270 840 390 825 660Z" fill="url(#bn)"/><path d="M375 660C360 390 470 270 600 270C730 270 840 390 825 660Z" fill="url(#rib)"/><rect x="340" y="600" width="520" height="240" rx="44" fill="${c(p.main, -6)}"/><rect x="340" y="600" width="520" height="240" rx="44" fill="url(#rib)"/><path d="M345 620Q600 590 855 620" stroke="#fff" stroke-opacity=".2" stroke-width="6" fill="none"/><path d="M570 276Q600 240 630 276" stroke="${c(p.main, -12)}" stroke-width="10" fill="none"/>`,
    fy: 910,
    fw: 340,
  };
}

function sunglasses(p: Pal, t: string): Art {
  const aviator = /aviator/i.test(t);
  const lensA = hex(p.accent[0], 45, 38);
  const lensB = hex(p.accent[0] + 20, 55, 14);
  let g = `<defs>${grad("lz", lensA, lensB)}<pattern id="tor" width="60" height="60" patternUnits="userSpaceOnUse"><circle cx="15" cy="15" r="12" fill="#000" opacity=".25"/><circle cx="45" cy="42" r="9" fill="#fff" opacity=".12"/></pattern></defs>`;
  if (aviator) {
    const gold = "#c9a24a";
    const lens = "M560 500C565 455 300 445 262 510C225 620 320 760 425 755C530 750 575 620 560 500Z";
    const lensR = lens.replace(/(\d+) (\d+)/g, (_m, a: string, b: string) => `${1200 - Number(a)} ${b}`);
    g += `<path d="M262 500L150 470M938 500L1050 470" stroke="${gold}" stroke-width="12" stroke-linecap="round"/><path d="${lens}" fill="url(#lz)" stroke="${gold}" stroke-width="12"/><path d="${lensR}" fill="url(#lz)" stroke="${gold}" stroke-width="12"/><path d="M330 478Q600 440 870 478" fill="none" stroke="${gold}" stroke-width="10"/><path d="M555 530Q600 500 645 530" fill="none" stroke="${gold}" stroke-width="10"/><path d="M300 560L420 500L440 540L320 610Z" fill="#fff" opacity=".18"/><path d="M680 560L800 500L820 540L700 610Z" fill="#fff" opacity=".18"/>`;
  } else {
    const f = c(p.main);
    g += `<path d="M245 510L150 480M955 510L1050 480" stroke="${f}" stroke-width="26" stroke-linecap="round"/><rect x="250" y="470" width="320" height="270" rx="110" fill="url(#lz)" stroke="${f}" stroke-width="34"/><rect x="630" y="470" width="320" height="270" rx="110" fill="url(#lz)" stroke="${f}" stroke-width="34"/><path d="M560 535Q600 500 640 535" fill="none" stroke="${f}" stroke-width="30"/><rect x="250" y="470" width="320" height="270" rx="110" fill="none" stroke="url(#tor)" stroke-width="34"/><rect x="630" y="470" width="320" height="270" rx="110" fill="none" stroke="url(#tor)" stroke-width="34"/><path d="M310 580L430 500L460 530L330 630Z" fill="#fff" opacity=".16"/><path d="M690 580L810 500L840 530L710 630Z" fill="#fff" opacity=".16"/>`;
  }
  return { g, fy: 880, fw: 380 };
}

function belt(p: Pal, t: string): Art {
  const reversible = /reversible/i.test(t);
  const P = [
    [250, 500],
    [640, 470],
    [560, 920],
    [1070, 780],
  ] as const;
  const d = `M${P[0][0]} ${P[0][1]}C${P[1][0]} ${P[1][1]} ${P[2][0]} ${P[2][1]} ${P[3][0]} ${P[3][1]}`;
  const bz = (u: number) => {
    const a = (1 - u) ** 3;
    const b = 3 * (1 - u) ** 2 * u;
    const cc = 3 * (1 - u) * u * u;
    const e = u ** 3;
    return [
      a * P[0][0] + b * P[1][0] + cc * P[2][0] + e * P[3][0],
      a * P[0][1] + b * P[1][1] + cc * P[2][1] + e * P[3][1],
    ] as const;
  };
  let holes = "";
  for (const u of [0.74, 0.79, 0.84, 0.89]) {
    const [x, y] = bz(u);
    holes += `<circle cx="${n(x)}" cy="${n(y)}" r="9" fill="#1a1410"/>`;
  }
  const main = c(p.main);
  const edge = reversible ? c(LEATHER[0] as Tone, 4) : c(p.main, -14);
  return {
    g: `<path d="${d}" fill="none" stroke="${edge}" stroke-width="124" stroke-linecap="round"/><path d="${d}" fill="none" stroke="${main}" stroke-width="110" stroke-linecap="round"/><path d="${d}" fill="none" stroke="${c(p.main, 24)}" stroke-width="94" stroke-dasharray="14 10"/><path d="${d}" fill="none" stroke="${main}" stroke-width="88"/><path d="${d}" fill="none" stroke="#fff" stroke-opacity=".08" stroke-width="34" transform="translate(0 -18)"/>${holes}<rect x="120" y="415" width="150" height="170" rx="26" fill="none" stroke="#c6ccd4" stroke-width="26"/><rect x="120" y="415" width="150" height="170" rx="26" fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="6"/><rect x="180" y="488" width="150" height="24" rx="11" fill="#aeb5be"/><rect x="330" y="428" width="46" height="146" rx="10" fill="${c(p.main, -6)}" stroke="${edge}" stroke-width="6"/>`,
    fy: 940,
    fw: 480,
  };
}

// ── shoes ───────────────────────────────────────────────────────────────────

function sneaker(p: Pal, t: string): Art {
  const knit = /knit|running/i.test(t);
  const slip = /slip-on/i.test(t);
  const court = /court/i.test(t);
  const panel = court ? c(p.main) : c(p.accent);
  const soleTop = knit ? 715 : 760;
  const light = court ? "#ffffff" : c(p.main, 10);
  let g = `<defs>${grad("su", light, court ? "#e4dfd6" : c(p.main, -10))}<pattern id="kn" width="16" height="12" patternUnits="userSpaceOnUse"><path d="M0 6Q4 0 8 6T16 6" fill="none" stroke="#000" stroke-opacity=".14" stroke-width="2"/></pattern><pattern id="cv" width="8" height="8" patternUnits="userSpaceOnUse"><path d="M0 4H8M4 0V8" stroke="#000" stroke-opacity=".07" stroke-width="2"/></pattern></defs>`;
  if (slip) {
    const up = `M170 ${soleTop + 5}C150 690 210 650 320 640C440 628 520 600 580 560Q620 540 660 545Q820 560 990 525C1030 590 1050 680 1048 ${soleTop + 5}Z`;
    g += `<path d="${up}" fill="url(#su)"/><path d="${up}" fill="url(#cv)"/><path d="M660 545Q820 515 990 525Q820 578 660 545Z" fill="#2a2a30"/><path d="M575 565Q615 540 660 548L668 640Q620 650 585 640Z" fill="${c(p.main, -18)}"/><path d="M590 572V640M606 562V644M622 556V646M638 552V646M654 550V644" stroke="#000" stroke-opacity=".22" stroke-width="4"/>${stitch("M300 665C420 650 500 625 560 590", c(p.main, -22), 3)}`;
  } else {
    const up = `M165 ${soleTop + 5}C150 680 205 630 320 612C420 598 490 560 555 500L640 425C700 392 760 385 820 395L900 400C960 405 1010 430 1030 520C1045 600 1050 ${soleTop - 40} 1048 ${soleTop + 5}Z`;
    g += `<path d="${up}" fill="url(#su)"/>`;
    if (knit) g += `<path d="${up}" fill="url(#kn)"/>`;
    // tongue + collar opening
    g += `<path d="M640 425L662 352Q682 332 722 342L732 402Z" fill="${c(p.main, court ? -6 : -14)}"/><path d="M700 405C760 380 860 382 930 412C860 432 760 432 700 405Z" fill="#2a2a30"/>`;
    // heel counter + side panel
    g += `<path d="M1048 ${soleTop}C1048 660 1045 600 1030 520C1005 470 965 455 930 455L905 ${soleTop}Z" fill="${panel}"/>`;
    if (!court)
      g += `<path d="M520 ${soleTop}C600 640 760 560 930 520L940 560C800 600 660 680 600 ${soleTop}Z" fill="${panel}"/>`;
    else
      g += `<path d="M440 590L690 440" stroke="#d8d2c6" stroke-width="36" stroke-linecap="round"/>${stitch(`M260 ${soleTop - 20}C300 660 360 630 440 615`, "#c8c2b6", 3)}`;
    // laces
    for (let k = 0; k <= 4; k++) {
      const x = 468 + (232 * k) / 4;
      const y = 585 - (150 * k) / 4;
      g += `<path d="M${n(x - 22)} ${n(y - 36)}L${n(x + 24)} ${n(y + 30)}" stroke="${court ? "#fff" : "#f7f7f7"}" stroke-width="12" stroke-linecap="round"${court ? ' opacity=".95"' : ""}/>`;
      if (court)
        g += `<circle cx="${n(x - 24)}" cy="${n(y - 38)}" r="5" fill="#a9a398"/><circle cx="${n(x + 26)}" cy="${n(y + 32)}" r="5" fill="#a9a398"/>`;
    }
    if (court)
      for (let i = 0; i < 5; i++) g += `<circle cx="${250 + i * 30}" cy="${670 - i * 8}" r="5" fill="#cfc9bd"/>`;
  }
  // sole with a little toe spring
  const sole = `M152 ${soleTop}H1058Q1070 ${soleTop} 1068 ${soleTop + 14}L1060 830Q1052 860 1010 860H270Q175 860 152 ${soleTop + 24}Z`;
  g += `<path d="${sole}" fill="${hex(40, 20, 96)}"/><path d="M${knit ? 168 : 178} ${knit ? 815 : 828}H1064L1060 830Q1052 860 1010 860H270Q200 860 ${knit ? 168 : 178} ${knit ? 815 : 828}Z" fill="${slip ? c(p.main, -20) : "#3a3a40"}"/>`;
  if (knit)
    g += `<path d="M200 768Q320 738 440 768T680 768T920 768T1060 763" fill="none" stroke="${c(p.accent)}" stroke-width="8"/>`;
  if (slip) g += `<path d="M158 ${soleTop + 22}H1066" stroke="${c(p.accent, -10)}" stroke-width="6"/>`;
  if (court || slip) g += stitch(`M200 ${soleTop + 36}H1040`, "#c8c2b6", 3);
  return { g, fy: 870, fw: 480 };
}

function boot(p: Pal, t: string): Art {
  const hiking = /hiking|trail/i.test(t);
  const heel = /heel/i.test(t);
  const d = c(p.main, -14);
  let g = `<defs>${grad("bt", c(p.main, 10), c(p.main, -10))}<pattern id="el" width="14" height="20" patternUnits="userSpaceOnUse"><rect width="6" height="20" fill="#000" opacity=".22"/></pattern></defs>`;
  if (heel) {
    g += `<path d="M820 735H975L960 880H835Z" fill="#241c18"/><path d="M165 870C130 800 200 760 320 740C440 720 520 680 580 620C620 560 640 460 640 300L930 290C935 450 960 560 985 650C995 690 995 712 990 735H800C620 760 480 850 380 870Z" fill="url(#bt)"/><path d="M160 878H380C480 858 620 768 800 742H994" fill="none" stroke="#241c18" stroke-width="18" stroke-linejoin="round"/><path d="M760 310V640" stroke="${d}" stroke-width="8"/><rect x="750" y="320" width="20" height="44" rx="6" fill="#c9a24a"/><path d="M640 300Q790 320 930 290" fill="none" stroke="${d}" stroke-width="8"/>`;
    return { g, fy: 890, fw: 430 };
  }
  const shaftTop = hiking ? 330 : 215;
  const up = `M160 825C140 730 220 690 340 670C450 655 520 620 570 560C610 500 625 ${hiking ? 440 : 400} 625 ${shaftTop}L930 ${shaftTop - 10}C935 380 960 520 990 650C1005 720 1000 780 995 825Z`;
  g += `<path d="${up}" fill="url(#bt)"/>`;
  if (hiking) {
    g += `<path d="M160 825C140 730 220 690 340 670L380 760L330 825Z" fill="${c(p.alt)}"/><path d="M615 ${shaftTop + 8}Q780 ${shaftTop - 40} 935 ${shaftTop}L940 ${shaftTop + 50}Q780 ${shaftTop + 10} 620 ${shaftTop + 60}Z" fill="${c(p.alt)}"/><path d="M870 ${shaftTop + 60}C900 500 930 600 990 700" fill="none" stroke="${c(p.alt)}" stroke-width="18"/>`;
    for (let k = 0; k < 5; k++) {
      const x = 440 + k * 48;
      const y = 640 - k * 68;
      g += `<circle cx="${x}" cy="${y}" r="9" fill="#c9a24a"/><path d="M${x - 10} ${y - 20}L${x + 55} ${y - 40}" stroke="${c(p.accent)}" stroke-width="10" stroke-linecap="round"/>`;
    }
    g += `<path d="M150 820H1000V870H150Z" fill="#2b2b2f"/><path d="M150 870${"l30 0l15 22l15 -22".repeat(14)}" fill="#2b2b2f"/><path d="M150 812H1000" stroke="${c(p.alt, 10)}" stroke-width="10"/>`;
  } else {
    g += `<path d="M700 ${shaftTop - 2}L706 420Q778 500 852 420L860 ${shaftTop - 6}Z" fill="${d}"/><path d="M700 ${shaftTop - 2}L706 420Q778 500 852 420L860 ${shaftTop - 6}Z" fill="url(#el)"/><path d="M890 ${shaftTop - 8}L896 140Q925 130 950 140L934 ${shaftTop - 10}Z" fill="${d}"/><path d="M150 825H995V860Q995 870 985 870H170Q150 870 150 850Z" fill="#2a211c"/><rect x="800" y="840" width="195" height="40" rx="6" fill="#2a211c"/>${stitch("M175 815H985", c(p.main, 20), 3)}`;
  }
  return { g, fy: 900, fw: 440 };
}

/** loafers and ballet flats, drawn as a pair (the second shoe sits behind) */
function lowShoe(p: Pal, t: string): Art {
  const flat = /flat/i.test(t);
  const d = c(p.main, -16);
  let shoe: string;
  if (flat) {
    shoe = `<path d="M160 842C148 760 215 722 330 710C430 700 510 692 560 688Q800 732 1000 682C1035 730 1044 790 1040 842Z" fill="url(#ls2)"/><path d="M560 688Q800 656 1000 682Q800 732 560 688Z" fill="${hex(30, 30, 80)}"/><path d="M150 850H1045" stroke="#3a2e28" stroke-width="18" stroke-linecap="round"/><path d="M515 694l-50 -26v48zM515 694l50 -26v48z" fill="${c(p.alt)}"/><circle cx="515" cy="693" r="12" fill="${c(p.alt, -10)}"/>`;
  } else {
    shoe = `<path d="M160 830C140 740 200 700 300 690C420 680 520 650 600 625Q800 652 990 602C1030 650 1045 740 1040 830Z" fill="url(#ls2)"/><path d="M600 625Q800 596 990 602Q800 652 600 625Z" fill="#2a211c"/>${stitch("M250 716C360 700 480 675 585 640", d, 4)}<path d="M515 650L640 622L660 722L535 752Z" fill="${d}"/><path d="M556 700Q588 684 622 690Q592 712 556 700Z" fill="#1f1915"/><path d="M150 830H1042V852Q1042 866 1026 866H175Q150 866 150 846Z" fill="#3b2b20"/><rect x="840" y="846" width="202" height="30" rx="6" fill="#2a211c"/>`;
  }
  const g = `<defs>${grad("ls2", c(p.main, 10), c(p.main, -10))}</defs><g transform="translate(${690 - 600 * 0.92} ${flat ? 770 - 860 * 0.92 : 781 - 876 * 0.92}) scale(.92)">${shoe}</g><g transform="translate(-40 ${flat ? 40 : 30})">${shoe}</g>`;
  return { g, fy: 905, fw: 500 };
}

// ── dispatch ────────────────────────────────────────────────────────────────

type Kind =
  | "phone"
  | "watch"
  | "laptop"
  | "tablet"
  | "tv"
  | "top"
  | "dress"
  | "skirt"
  | "trousers"
  | "bag"
  | "duffel"
  | "backpack"
  | "cap"
  | "beanie"
  | "sunglasses"
  | "belt"
  | "sneaker"
  | "boot"
  | "lowShoe";

function kindOf(title: string, categories: string[]): Kind {
  const t = title.toLowerCase();
  const has = (re: RegExp) => re.test(t);
  if (has(/sunglass/)) return "sunglasses";
  if (has(/\bbelt\b/) && !has(/dress/)) return "belt";
  if (has(/\bcap\b/)) return "cap";
  if (has(/beanie/)) return "beanie";
  if (has(/backpack/)) return "backpack";
  if (has(/duffel|weekender/)) return "duffel";
  if (has(/\bbag\b|\btote\b|clutch|purse/)) return "bag";
  if (has(/watch/)) return "watch";
  if (has(/tablet/)) return "tablet";
  if (has(/laptop|notebook/)) return "laptop";
  if (has(/\btv\b|television/)) return "tv";
  if (has(/phone/)) return "phone";
  if (has(/sneaker|trainer/)) return "sneaker";
  if (has(/boot/)) return "boot";
  if (has(/loafer|flat|oxford shoe|moccasin/)) return "lowShoe";
  if (has(/dress/)) return "dress";
  if (has(/skirt/)) return "skirt";
  if (has(/jeans|trouser|chino|pant/)) return "trousers";
  if (has(/jacket|shirt|sweater|cardigan|vest|hoodie|coat|top/)) return "top";
  const byCat: Record<string, Kind> = {
    phones: "phone",
    watches: "watch",
    laptops: "laptop",
    tvs: "tv",
    men: "top",
    women: "dress",
    accessories: "bag",
    shoes: "sneaker",
    denim: "trousers",
  };
  return byCat[categories[0] ?? ""] ?? "top";
}

const DRAW: Record<Kind, (p: Pal, t: string) => Art> = {
  phone,
  watch,
  laptop,
  tablet,
  tv,
  top,
  dress,
  skirt,
  trousers,
  bag,
  duffel,
  backpack,
  cap,
  beanie,
  sunglasses,
  belt,
  sneaker,
  boot,
  lowShoe,
};

function mainTone(kind: Kind, title: string): Tone {
  const r = rng(hash(`${title}#tone`));
  const t = title.toLowerCase();
  if (/denim|jeans|chambray/.test(t)) {
    // wash follows the wording used in the catalogue copy where there is a hint
    if (/chambray/.test(t)) return [212, 40, 62];
    if (/black/.test(t)) return DENIM[3] as Tone;
    if (/selvedge|raw|heritage|rigid/.test(t)) return DENIM[0] as Tone;
    if (/stone|carpenter|relaxed/.test(t)) return DENIM[4] as Tone;
    if (/light|cropped|mini|vintage/.test(t)) return DENIM[2] as Tone;
    return pick(r, [DENIM[1], DENIM[2], DENIM[4]] as Tone[]);
  }
  switch (kind) {
    case "phone":
    case "watch":
    case "laptop":
    case "tablet":
      return pick(r, FINISH);
    case "tv":
      return [220, 8, 12];
    case "duffel":
    case "backpack":
      return pick(r, CANVAS);
    case "belt":
      return /reversible/.test(t) ? (LEATHER[2] as Tone) : pick(r, LEATHER);
    case "bag":
    case "boot":
    case "lowShoe":
      return /suede/.test(t)
        ? pick(r, [
            [30, 40, 52],
            [210, 25, 38],
            [20, 35, 36],
            [350, 30, 40],
          ] as Tone[])
        : pick(r, LEATHER);
    case "sunglasses":
      return pick(r, [
        [25, 55, 28],
        [220, 10, 12],
        [340, 35, 62],
        [160, 30, 30],
        [30, 30, 70],
      ] as Tone[]);
    default:
      return pick(r, FABRIC);
  }
}

const SHADOW = `<radialGradient id="sh"><stop offset="0" stop-color="#1c1a26" stop-opacity=".32"/><stop offset=".6" stop-color="#1c1a26" stop-opacity=".12"/><stop offset="1" stop-color="#1c1a26" stop-opacity="0"/></radialGradient><filter id="ds" x="-15%" y="-15%" width="130%" height="130%"><feDropShadow dx="0" dy="16" stdDeviation="18" flood-color="#1c1a26" flood-opacity=".22"/></filter>`;

function backdrop(p: Pal, variant: number, W: number, H: number): string {
  const cx = W / 2;
  switch (variant % 3) {
    case 0:
      return `<circle cx="${cx}" cy="${H * 0.47}" r="${n(W * 0.36)}" fill="${p.glow}" opacity=".7"/>`;
    case 1:
      return `<path d="M${cx - W * 0.31} ${H}V${H * 0.42}A${W * 0.31} ${W * 0.31} 0 0 1 ${cx + W * 0.31} ${H * 0.42}V${H}Z" fill="${p.glow}" opacity=".6"/>`;
    default:
      return `<rect x="${n(W * 0.14)}" y="${n(H * 0.12)}" width="${n(W * 0.72)}" height="${n(H * 0.72)}" rx="${n(W * 0.12)}" fill="${p.glow}" opacity=".6"/><circle cx="${n(W * 0.82)}" cy="${n(H * 0.2)}" r="${n(W * 0.07)}" fill="${p.bgB}" opacity=".8"/>`;
  }
}

/**
 * 1200×1200 SVG illustration of a product. The drawing is chosen from keywords in the title (falling
 * back to the first category) and every colour comes from a hash of the title, so the same title
 * always yields the same bytes. `index` is accepted for the seeder's convenience but deliberately
 * unused: artwork is cached by title.
 */
export function productArtSvg(input: { title: string; categories: string[]; index: number }): Buffer {
  const kind = kindOf(input.title, input.categories);
  const p = palette(input.title, mainTone(kind, input.title));
  const art = DRAW[kind](p, input.title);
  const variant = hash(input.title) >>> 8;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200" viewBox="0 0 1200 1200"><defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.bgA}"/><stop offset="1" stop-color="${p.bgB}"/></linearGradient>${SHADOW}</defs><rect width="1200" height="1200" fill="url(#bg)"/>${backdrop(p, variant, 1200, 1200)}<ellipse cx="600" cy="${n(art.fy)}" rx="${n(art.fw)}" ry="${n(art.fw * 0.11)}" fill="url(#sh)"/><g filter="url(#ds)">${art.g}</g></svg>`;
  return Buffer.from(svg);
}

// ── blog + avatars ──────────────────────────────────────────────────────────

/** 1600×900 abstract editorial illustration for blog article `index` (0–3, wraps). */
export function blogArtSvg(index: number): Buffer {
  const i = ((index % 4) + 4) % 4;
  const hues = [24, 200, 330, 150];
  const h = hues[i] as number;
  const A = hex(h, 55, 90);
  const B = hex(h + 30, 50, 78);
  const k1 = hex(h + 180, 55, 45);
  const k2 = hex(h, 70, 60);
  const k3 = hex(h + 40, 30, 25);
  const k4 = hex(h + 200, 35, 80);
  let g = "";
  if (i === 0) {
    // gadgets & layered circles
    g = `<circle cx="1150" cy="420" r="300" fill="${k2}"/><circle cx="1150" cy="420" r="200" fill="${A}" opacity=".6"/><rect x="280" y="170" width="300" height="580" rx="56" fill="${k3}" transform="rotate(-12 430 460)"/><rect x="300" y="190" width="260" height="540" rx="42" fill="${k1}" transform="rotate(-12 430 460)"/><circle cx="760" cy="660" r="110" fill="none" stroke="${k3}" stroke-width="34"/><circle cx="760" cy="660" r="70" fill="${k4}"/><path d="M0 820Q400 740 800 820T1600 800V900H0Z" fill="${k3}" opacity=".85"/>`;
  } else if (i === 1) {
    // two watches side by side — smart vs classic
    const ring = (r0: number, col: string, frac: number) =>
      `<circle cx="520" cy="450" r="${r0}" fill="none" stroke="${col}" stroke-opacity=".25" stroke-width="30"/><circle cx="520" cy="450" r="${r0}" fill="none" stroke="${col}" stroke-width="30" stroke-linecap="round" stroke-dasharray="${n(2 * Math.PI * r0 * frac)} 2000" transform="rotate(-90 520 450)"/>`;
    let ticks = "";
    for (let j = 0; j < 12; j++)
      ticks += `<rect x="1074" y="${j % 3 ? 250 : 240}" width="12" height="${j % 3 ? 26 : 40}" rx="5" fill="${k3}" transform="rotate(${j * 30} 1080 450)"/>`;
    g = `<path d="M180 900V520A200 200 0 0 1 580 520V900Z" fill="${k4}" opacity=".6"/><path d="M1200 0V300A180 180 0 0 0 1560 300V0Z" fill="${k4}" opacity=".6"/><rect x="420" y="-20" width="200" height="940" rx="40" fill="${k3}"/><rect x="990" y="-20" width="180" height="940" rx="40" fill="${k1}"/><rect x="300" y="230" width="440" height="440" rx="120" fill="#22252b"/>${ring(150, k2, 0.72)}${ring(110, hex(h + 120, 70, 55), 0.55)}${ring(70, hex(h + 240, 70, 60), 0.85)}<circle cx="1080" cy="450" r="230" fill="#d9dde3"/><circle cx="1080" cy="450" r="205" fill="${A}"/>${ticks}<rect x="1072" y="330" width="16" height="130" rx="8" fill="${k3}" transform="rotate(-50 1080 450)"/><rect x="1074" y="280" width="12" height="175" rx="6" fill="${k3}" transform="rotate(70 1080 450)"/><circle cx="1080" cy="450" r="16" fill="${k2}"/>`;
  } else if (i === 2) {
    // grid of tiles — curated edit
    for (let r = 0; r < 3; r++)
      for (let q = 0; q < 6; q++) {
        const col = [k1, k2, k3, k4][(r * 6 + q * 5) % 4];
        const shape =
          (r + q) % 3 === 0
            ? `<circle cx="${q * 230 + 235}" cy="${r * 240 + 210}" r="90" fill="${col}"/>`
            : `<rect x="${q * 230 + 145}" y="${r * 240 + 120}" width="180" height="180" rx="${(r * q) % 2 ? 90 : 36}" fill="${col}"/>`;
        g += shape;
      }
  } else {
    // flowing waves — sustainable materials
    g = `<circle cx="1200" cy="260" r="140" fill="${k2}"/><path d="M0 520C300 380 600 660 900 520S1400 380 1600 480V900H0Z" fill="${k4}"/><path d="M0 620C300 500 650 760 950 620S1400 520 1600 600V900H0Z" fill="${k1}"/><path d="M0 740C350 640 700 860 1000 740S1450 660 1600 720V900H0Z" fill="${k3}"/><path d="M260 200Q340 120 420 200T580 200" fill="none" stroke="${k3}" stroke-width="16" stroke-linecap="round"/>`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900"><defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${A}"/><stop offset="1" stop-color="${B}"/></linearGradient></defs><rect width="1600" height="900" fill="url(#bg)"/>${g}</svg>`;
  return Buffer.from(svg);
}

/** 256×256 avatar: coloured circle with an abstract head-and-shoulders silhouette. */
export function avatarSvg(name: string): Buffer {
  const h = hash(name) % 360;
  const bg = hex(h, 55, 62);
  const fg = hex(h + 20, 60, 92);
  const shirt = hex(h + 180, 35, 35);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256"><defs><clipPath id="a"><circle cx="128" cy="128" r="128"/></clipPath></defs><g clip-path="url(#a)"><rect width="256" height="256" fill="${bg}"/><path d="M40 256C40 190 80 160 128 160S216 190 216 256Z" fill="${shirt}"/><circle cx="128" cy="104" r="50" fill="${fg}"/></g></svg>`;
  return Buffer.from(svg);
}

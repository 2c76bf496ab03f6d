/**
 * A generated catalogue for benchmarks (`npm run seed -- --products=N`, synthetic.ts): realistic, varied product titles made by combining
 * word lists, deterministic for a given seed (so two runs measure the same shop).
 *
 * About 7–8 % of titles contain "jacket" and about 6–7 % contain "pro" (the "Pro" line and words
 * such as "Waterproof"), roughly what a real mixed electronics and clothing shop would answer.
 *
 * Images are not drawn per product: every product type names one of ~24 artworks (ART), drawn
 * once by the seed and shared.
 */

/** The artworks drawn once. `title` and `categories` steer productArtSvg's choice of drawing. */
export const ART = {
  "phone-a": { title: "Aurora Pro Smartphone", categories: ["phones"] },
  "phone-b": { title: "Nova Lite Phone", categories: ["phones"] },
  "watch-a": { title: "Pulse Smartwatch", categories: ["watches"] },
  "watch-b": { title: "Kestrel Chronograph Watch", categories: ["watches"] },
  laptop: { title: "Nimbus Ultralight Laptop", categories: ["laptops"] },
  tablet: { title: "Lumen Tablet", categories: ["laptops"] },
  "tv-a": { title: "Zenith OLED TV", categories: ["tvs"] },
  "tv-b": { title: "Orbit QLED Television", categories: ["tvs"] },
  "top-a": { title: "Harbor Field Jacket", categories: ["men"] },
  "top-b": { title: "Summit Fleece Hoodie", categories: ["men"] },
  "top-c": { title: "Willow Knit Cardigan", categories: ["women"] },
  "dress-a": { title: "Meadow Wrap Dress", categories: ["women"] },
  "dress-b": { title: "Linden Maxi Dress", categories: ["women"] },
  skirt: { title: "Marlow Midi Skirt", categories: ["women"] },
  "trousers-a": { title: "Fjord Selvedge Jeans", categories: ["denim"] },
  "trousers-b": { title: "Alder Cotton Chinos", categories: ["men"] },
  sneaker: { title: "Drift Running Sneakers", categories: ["shoes"] },
  boot: { title: "Ridge Chelsea Boots", categories: ["shoes"] },
  "low-shoe": { title: "Birch Suede Loafers", categories: ["shoes"] },
  bag: { title: "Coastal Canvas Tote Bag", categories: ["accessories"] },
  backpack: { title: "Canyon Rolltop Backpack", categories: ["accessories"] },
  cap: { title: "Juniper Baseball Cap", categories: ["accessories"] },
  sunglasses: { title: "Granite Polarised Sunglasses", categories: ["accessories"] },
  belt: { title: "Heritage Leather Belt", categories: ["accessories"] },
} as const satisfies Record<string, { title: string; categories: string[] }>;

export type ArtKey = keyof typeof ART;

export type GeneratedProduct = {
  title: string;
  priceCents: number;
  categories: string[];
  art: ArtKey;
  desc1: string;
  desc2: string | null;
  desc3: string | null;
  desc4: string | null;
};

/** A small seeded random generator (mulberry32). */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
type Rng = ReturnType<typeof random>;

function shuffled<T>(r: Rng, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = r.int(0, i);
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

// ── word lists ──────────────────────────────────────────────────────────────

const BRANDS = [
  "Aurora",
  "Nimbus",
  "Pulse",
  "Vertex",
  "Lumen",
  "Orbit",
  "Zenith",
  "Helix",
  "Nova",
  "Quanta",
  "Arcadia",
  "Kestrel",
  "Tundra",
  "Cobalt",
  "Ember",
  "Solace",
];
const LINES = [
  "Pro",
  "Max",
  "Lite",
  "Air",
  "Ultra",
  "Plus",
  "Neo",
  "Edge",
  "One",
  "Go",
  "Mini",
  "Prime",
  "Flex",
  "Core",
  "Sense",
  "Studio",
  "Vista",
];
const COLLECTIONS = [
  "Harbor",
  "Meadow",
  "Alder",
  "Fjord",
  "Summit",
  "Canyon",
  "Linden",
  "Coastal",
  "Granite",
  "Willow",
  "Ridge",
  "Marlow",
  "Drift",
  "Hollow",
  "Birch",
  "Juniper",
  "Atlas",
  "Fern",
];
const COLOURS = [
  "Black",
  "Navy",
  "Olive",
  "Sand",
  "Charcoal",
  "Ivory",
  "Rust",
  "Sage",
  "Indigo",
  "Burgundy",
  "Stone",
  "Forest Green",
  "Camel",
  "Slate",
];

type Department = "electronics" | "clothing";
type ProductType = {
  /** what the product is, as the title ends */
  noun: string;
  art: ArtKey;
  /** extra categories besides the one it was drawn for */
  also?: string[];
  /** price range in whole dollars */
  price: [number, number];
  /** words that go before the noun (clothing: fit, finish, material) */
  words?: string[];
  /** what follows the noun (electronics: capacity, size) */
  spec?: string[];
};

const TYPES: Record<string, ProductType[]> = {
  phones: [
    { noun: "5G Smartphone", art: "phone-a", price: [199, 1299], spec: ["128 GB", "256 GB", "512 GB", "1 TB"] },
    { noun: "Foldable Phone", art: "phone-b", price: [899, 1899], spec: ["256 GB", "512 GB"] },
    { noun: "Rugged Phone", art: "phone-b", price: [249, 599], spec: ["64 GB", "128 GB"] },
    { noun: "Camera Phone", art: "phone-a", price: [499, 1399], spec: ["256 GB", "512 GB"] },
  ],
  watches: [
    { noun: "Smartwatch", art: "watch-a", also: ["accessories"], price: [129, 799], spec: ["41 mm", "44 mm", "46 mm"] },
    { noun: "Chronograph Watch", art: "watch-b", also: ["accessories"], price: [149, 1499], spec: ["40 mm", "42 mm"] },
    { noun: "Dive Watch", art: "watch-b", price: [199, 999], spec: ["42 mm", "44 mm"] },
    { noun: "Fitness Tracker Watch", art: "watch-a", price: [49, 249], spec: ["S/M", "M/L"] },
  ],
  laptops: [
    {
      noun: "Ultralight Laptop",
      art: "laptop",
      price: [699, 2199],
      spec: ["16 GB / 512 GB", "16 GB / 1 TB", "32 GB / 1 TB"],
    },
    { noun: "Gaming Laptop", art: "laptop", price: [999, 3299], spec: ["32 GB / 1 TB", "32 GB / 2 TB"] },
    { noun: "Business Notebook", art: "laptop", price: [599, 1799], spec: ["8 GB / 256 GB", "16 GB / 512 GB"] },
    { noun: "2-in-1 Tablet", art: "tablet", price: [299, 1199], spec: ["128 GB", "256 GB", "512 GB"] },
  ],
  tvs: [
    { noun: "4K OLED TV", art: "tv-a", price: [899, 3499], spec: ['48"', '55"', '65"', '77"'] },
    { noun: "QLED Smart TV", art: "tv-b", price: [449, 2299], spec: ['43"', '50"', '55"', '65"', '75"'] },
    { noun: "8K Mini-LED TV", art: "tv-a", price: [1999, 5999], spec: ['65"', '75"', '85"'] },
    { noun: "Full HD Television", art: "tv-b", price: [199, 499], spec: ['32"', '40"', '43"'] },
  ],
  men: [
    {
      noun: "Field Jacket",
      art: "top-a",
      price: [89, 249],
      words: ["Waterproof", "Waxed Cotton", "Ripstop", "Lightweight"],
    },
    { noun: "Bomber Jacket", art: "top-a", price: [79, 229], words: ["Quilted", "Suede", "Nylon", "Wool-Blend"] },
    {
      noun: "Oxford Shirt",
      art: "top-a",
      price: [39, 99],
      words: ["Slim-Fit", "Classic", "Brushed Cotton", "Button-Down"],
    },
    {
      noun: "Fleece Hoodie",
      art: "top-b",
      price: [45, 110],
      words: ["Relaxed", "Organic Cotton", "Heavyweight", "Zip-Up"],
    },
    {
      noun: "Crewneck Sweater",
      art: "top-b",
      price: [55, 180],
      words: ["Merino", "Lambswool", "Cable-Knit", "Cashmere-Blend"],
    },
    {
      noun: "Chinos",
      art: "trousers-b",
      price: [49, 119],
      words: ["Slim-Fit", "Stretch Cotton", "Tapered", "Relaxed"],
    },
    { noun: "Polo Shirt", art: "top-b", price: [29, 89], words: ["Piqué", "Classic", "Performance", "Linen-Blend"] },
    {
      noun: "Puffer Vest",
      art: "top-a",
      price: [69, 179],
      words: ["Packable", "Recycled Down", "Quilted", "Lightweight"],
    },
    {
      noun: "Trench Coat",
      art: "top-a",
      price: [149, 399],
      words: ["Water-Repellent", "Tailored", "Gabardine", "Classic"],
    },
    {
      noun: "Linen Shirt",
      art: "top-a",
      price: [39, 109],
      words: ["Relaxed", "Garment-Dyed", "Short-Sleeve", "Band-Collar"],
    },
  ],
  women: [
    { noun: "Wrap Dress", art: "dress-a", price: [59, 189], words: ["Midi", "Floral", "Satin", "Jersey"] },
    { noun: "Maxi Dress", art: "dress-b", price: [69, 219], words: ["Tiered", "Linen", "Printed", "Pleated"] },
    { noun: "Midi Skirt", art: "skirt", price: [45, 139], words: ["Pleated", "A-Line", "Satin", "Corduroy"] },
    { noun: "Knit Cardigan", art: "top-c", price: [49, 169], words: ["Chunky", "Cropped", "Merino", "Cashmere-Blend"] },
    {
      noun: "Puffer Jacket",
      art: "top-c",
      price: [99, 279],
      words: ["Cropped", "Waterproof", "Recycled Down", "Longline"],
    },
    { noun: "Leather Jacket", art: "top-c", price: [179, 499], words: ["Biker", "Vegan", "Cropped", "Vintage"] },
    { noun: "Silk Blouse", art: "top-c", price: [69, 199], words: ["Relaxed", "Tie-Neck", "Sleeveless", "Classic"] },
    {
      noun: "Wide-Leg Trousers",
      art: "trousers-b",
      price: [59, 159],
      words: ["Tailored", "Linen", "Pleated", "High-Rise"],
    },
    { noun: "Knit Top", art: "top-c", price: [29, 89], words: ["Ribbed", "Fine-Gauge", "Cropped", "Sleeveless"] },
    {
      noun: "Wool Coat",
      art: "top-c",
      price: [179, 449],
      words: ["Double-Breasted", "Oversized", "Belted", "Tailored"],
    },
  ],
  accessories: [
    {
      noun: "Leather Belt",
      art: "belt",
      also: ["men"],
      price: [29, 99],
      words: ["Reversible", "Braided", "Full-Grain", "Classic"],
    },
    {
      noun: "Baseball Cap",
      art: "cap",
      price: [19, 49],
      words: ["Washed Cotton", "Corduroy", "Embroidered", "Wool-Blend"],
    },
    {
      noun: "Rolltop Backpack",
      art: "backpack",
      price: [69, 189],
      words: ["Waterproof", "Recycled Nylon", "Commuter", "Waxed Canvas"],
    },
    {
      noun: "Tote Bag",
      art: "bag",
      also: ["women"],
      price: [35, 249],
      words: ["Canvas", "Leather", "Oversized", "Structured"],
    },
    { noun: "Sunglasses", art: "sunglasses", price: [49, 229], words: ["Polarised", "Aviator", "Round", "Sport Pro"] },
    {
      noun: "Crossbody Bag",
      art: "bag",
      also: ["women"],
      price: [59, 279],
      words: ["Quilted", "Mini", "Leather", "Nylon"],
    },
    { noun: "Laptop Sleeve Bag", art: "bag", price: [29, 99], words: ['13"', '14"', '16"', "Padded"] },
  ],
  shoes: [
    {
      noun: "Running Sneakers",
      art: "sneaker",
      price: [79, 219],
      words: ["Cushioned", "Trail", "Lightweight", "Pro Racing"],
    },
    { noun: "Chelsea Boots", art: "boot", price: [129, 329], words: ["Suede", "Waterproof", "Leather", "Lug-Sole"] },
    { noun: "Loafers", art: "low-shoe", price: [89, 259], words: ["Suede", "Penny", "Tassel", "Leather"] },
    {
      noun: "Hiking Boots",
      art: "boot",
      price: [119, 289],
      words: ["Waterproof", "Mid-Cut", "Leather", "Lightweight"],
    },
    { noun: "Canvas Trainers", art: "sneaker", price: [49, 119], words: ["Low-Top", "High-Top", "Organic", "Classic"] },
    {
      noun: "Ballet Flats",
      art: "low-shoe",
      also: ["women"],
      price: [59, 169],
      words: ["Leather", "Satin", "Pointed", "Quilted"],
    },
  ],
  denim: [
    {
      noun: "Selvedge Jeans",
      art: "trousers-a",
      also: ["men"],
      price: [79, 229],
      words: ["Slim-Fit", "Straight-Leg", "Raw", "Tapered"],
    },
    {
      noun: "Straight-Leg Jeans",
      art: "trousers-a",
      price: [59, 149],
      words: ["High-Rise", "Stonewashed", "Vintage", "Stretch"],
    },
    { noun: "Denim Jacket", art: "top-a", price: [69, 179], words: ["Trucker", "Sherpa-Lined", "Oversized", "Washed"] },
    { noun: "Denim Shirt", art: "top-b", price: [49, 119], words: ["Western", "Chambray", "Washed", "Slim-Fit"] },
    {
      noun: "Denim Skirt",
      art: "skirt",
      also: ["women"],
      price: [45, 109],
      words: ["A-Line", "Midi", "Button-Front", "Frayed"],
    },
  ],
};

export const CATEGORY_SLUGS = Object.keys(TYPES);

const DEPARTMENT: Record<string, Department> = {
  phones: "electronics",
  watches: "electronics",
  laptops: "electronics",
  tvs: "electronics",
  men: "clothing",
  women: "clothing",
  accessories: "clothing",
  shoes: "clothing",
  denim: "clothing",
};

type Line = { text: (r: Rng) => string; not?: string[] };

const ELECTRONICS_LINES: Line[] = [
  { text: (r) => `${r.int(8, 24)}-hour battery with ${r.pick([25, 45, 65, 100])} W fast charging`, not: ["tvs"] },
  {
    text: (r) =>
      `${r.pick(["Dolby Vision and HDR10+", "HDR10+ and HLG", "Dolby Vision IQ"])} with ${r.pick([2, 3, 4])} HDMI 2.1 ports`,
    not: ["phones", "watches", "laptops"],
  },
  {
    text: (r) =>
      `${r.pick(["OLED", "AMOLED", "Mini-LED", "IPS"])} display at ${r.pick([60, 90, 120, 144])} Hz, ${r.int(500, 2000)} nits peak`,
  },
  {
    text: (r) =>
      `${r.pick(["Recycled aluminium", "Titanium", "Matte glass", "Magnesium alloy"])} body, ${r.pick(["splash", "water", "dust"])}-resistant`,
    not: ["tvs"],
  },
  { text: (r) => `${r.int(2, 7)} years of software and security updates` },
  { text: (r) => `Wi-Fi ${r.pick(["6E", "7"])} and Bluetooth ${r.pick(["5.3", "5.4", "6.0"])}` },
  {
    text: (r) =>
      `${r.pick(["Dual", "Triple", "Quad"])} microphones with ${r.pick(["noise", "echo", "wind"])} reduction`,
  },
  { text: (r) => `Two-year warranty and free returns within ${r.pick([14, 30, 60])} days` },
];
const CLOTHING_LINES: Line[] = [
  {
    text: (r) =>
      `${r.pick(["Organic cotton", "Recycled polyester", "Merino wool", "Linen", "Responsibly sourced leather", "Lyocell"])} from certified mills`,
  },
  {
    text: (r) =>
      `${r.pick(["Relaxed", "Regular", "Slim", "Oversized"])} fit; the model is ${r.int(170, 190)} cm and wears size ${r.pick(["S", "M", "L"])}`,
    not: ["accessories", "shoes"],
  },
  { text: (r) => `Available in ${r.pick(COLOURS)}, ${r.pick(COLOURS)} and ${r.pick(COLOURS)}` },
  {
    text: (r) => `Machine washable at ${r.pick([30, 40])} °C${r.chance(0.5) ? ", dries overnight" : ""}`,
    not: ["accessories", "shoes"],
  },
  {
    text: (r) =>
      `${r.pick(["Reinforced seams", "Horn buttons", "YKK zips", "Hidden pockets", "Brushed lining"])} for years of wear`,
    not: ["shoes"],
  },
  {
    text: (r) => `${r.pick(["Stitched leather soles", "Cushioned insoles", "Grippy rubber outsoles"])}, true to size`,
    not: ["men", "women", "accessories", "denim"],
  },
  { text: (r) => `Made in ${r.pick(["Portugal", "Italy", "Japan", "Turkey", "Romania", "Peru"])}` },
];

function title(r: Rng, dept: Department, type: ProductType): string {
  if (dept === "electronics") {
    const model = r.chance(0.6) ? ` ${r.pick(["X", "S", "Z", "A", "M"])}${r.int(1, 9)}` : "";
    const line = r.chance(0.85) ? ` ${r.pick(LINES)}` : "";
    const spec = type.spec ? ` ${r.pick(type.spec)}` : "";
    return `${r.pick(BRANDS)}${line}${model} ${type.noun}${spec}`;
  }
  const word = type.words && r.chance(0.8) ? ` ${r.pick(type.words)}` : "";
  const colour = r.chance(0.35) ? ` in ${r.pick(COLOURS)}` : "";
  return `${r.pick(COLLECTIONS)}${word} ${type.noun}${colour}`;
}

/** Product `index` of a generated catalogue: categories cycle so that all nine are evenly filled. */
export function generateProduct(r: Rng, index: number): GeneratedProduct {
  const primary = CATEGORY_SLUGS[index % CATEGORY_SLUGS.length] as string;
  const dept = DEPARTMENT[primary] as Department;
  const type = r.pick(TYPES[primary] as ProductType[]);
  const categories = [primary, ...(type.also && r.chance(0.6) ? [r.pick(type.also)] : [])];
  const [min, max] = type.price;
  const priceCents = r.int(min, max) * 100 - (r.chance(0.7) ? 1 : 0);
  const lines = (dept === "electronics" ? ELECTRONICS_LINES : CLOTHING_LINES).filter((l) => !l.not?.includes(primary));
  const chosen = shuffled(r, lines)
    .slice(0, r.int(1, 4))
    .map((line) => line.text(r));
  return {
    title: title(r, dept, type),
    priceCents,
    categories,
    art: type.art,
    desc1: chosen[0] as string,
    desc2: chosen[1] ?? null,
    desc3: chosen[2] ?? null,
    desc4: chosen[3] ?? null,
  };
}

/**
 * Demo editorial content for Vitrine: blog articles, store locations, testimonials, the About page
 * and contact details. Pure data, no runtime imports. People, addresses and phone numbers are
 * fictional; e-mail addresses use the reserved example.com domain.
 *
 * Blog paragraphs must not contain blank lines: the seeder joins them with "\n\n".
 */

export type BlogArticleSeed = {
  slug: string;
  title: string;
  /** YYYY-MM-DD */
  publishedOn: string;
  excerpt: string;
  /** paragraphs */
  body: string[];
  tags: string[];
};

export const blogArticles: BlogArticleSeed[] = [
  {
    slug: "blogDetails1",
    title: "Packing Light: Our Weekend Travel Kit",
    publishedOn: "2022-03-14",
    excerpt:
      "One bag, three days, no regrets. Our team shares the gadgets and the clothes they actually reach for on a short city break.",
    body: [
      "Every one of us has come home from a weekend away with a bag full of things we never touched. So before the spring travel season, we asked the Volt & Thread team to empty their weekend bags on the studio table and tell us what truly earned its place. The answer was surprisingly short, and it fitted comfortably into a single carry-on.",
      "Start with the phone, because on a city break it is your camera, map, ticket wallet and translator. A model with a strong battery matters more than the very latest chip: a phone that still has 30% left at midnight means you are not hunting for a socket in a restaurant. Add one compact charger with two USB-C ports and a single braided cable, and you can charge your phone and watch overnight from the same plug.",
      "On the clothing side, the trick is a small palette. Pick two colours that work together, such as navy and stone, and build around them: one pair of dark jeans that can go from a morning walk to dinner, two T-shirts, a shirt with a collar and a light layer such as a field jacket or a merino sweater. Merino is worth its price on the road, because it stays fresh for days and dries overnight on a hanger.",
      "Shoes take up the most room, so we allow two pairs at most. A clean leather sneaker does almost everything, and if you expect rain or a smarter evening, a suede Chelsea boot slips on quickly at airport security and looks sharp with jeans. Wear the bulkier pair on travel day and pack the lighter one.",
      "Finally, the small things that make the trip easier: polarized sunglasses, a crossbody bag that keeps your phone and passport in front of you in crowds, and a smartwatch that taps your wrist when it is time to head to the station. Pack the night before, lay everything out once, and remove one item. You will not miss it.",
    ],
    tags: ["Accessories", "Electronics"],
  },
  {
    slug: "blogDetails2",
    title: "Smartwatch or Classic? Picking a Watch That Fits Your Day",
    publishedOn: "2022-05-09",
    excerpt:
      "Fitness rings or a mechanical sweep? We compare smartwatches, hybrids and traditional watches, and how to wear each one well.",
    body: [
      "Few questions come up in our stores as often as this one: should I buy a smartwatch or a “real” watch? The honest answer is that it depends less on the watch and more on your day. It helps to think about what you want your wrist to do for you, and then choose the style that does it most gracefully.",
      "A smartwatch is the right choice if you train regularly, want notifications without pulling out your phone, or simply like seeing your sleep and step data. Look at battery life first. A bright display is lovely, but a watch that needs charging every night soon ends up in a drawer. Models with five to seven days of battery, built-in GPS and a comfortable silicone band suit most people well.",
      "If you love the look of an analogue dial but still want a nudge when your phone rings, a hybrid watch is a great middle ground. The hands are real, the battery lasts months, and the smart features stay discreet. It is the watch we recommend most often to people who wear a shirt and jacket to work and go running at the weekend.",
      "A traditional automatic or quartz watch is about character. A dive watch with a steel bracelet works with everything from a T-shirt to a suit, while a slim mesh-strap watch adds a quiet, elegant finish to knitwear. And there is nothing to charge.",
      "Whichever you choose, match the strap to the occasion rather than the watch. A leather strap dresses up even a sporty case, and a fabric or silicone strap makes a classic watch feel relaxed. Most of the watches we stock use quick-release pins, so you can swap straps in seconds and get two watches for the price of one.",
    ],
    tags: ["Accessories", "Electronics"],
  },
  {
    slug: "blogDetails3",
    title: "Ten Pieces, Endless Outfits: Building a Capsule Wardrobe",
    publishedOn: "2022-08-22",
    excerpt:
      "A short list of well-made pieces, a few smart accessories and the tech that keeps it simple. Here is how our stylists would start.",
    body: [
      "A capsule wardrobe is not about owning less for the sake of it. It is about owning clothes that all work together, so that getting dressed takes two minutes and you still feel put together. Our stylists put together a ten-piece starting point that suits most climates and most weeks.",
      "The foundation is denim and knitwear. One pair of straight or slim jeans in a mid to dark wash, one pair of tailored chinos or wide-leg linen trousers, a merino crew-neck or a soft cardigan, and three tops: a quality cotton T-shirt, an oxford or chambray shirt, and something with a little more personality, such as a wrap dress or a satin skirt.",
      "Layers come next. A denim jacket or a waxed field jacket covers three seasons, and a quilted vest adds warmth without bulk. Keep these in neutral colours so that they work over everything else in the capsule, and let your tops and accessories bring the colour.",
      "Accessories do the heavy lifting. A good leather belt, a pair of sunglasses and one bag that fits your laptop will change the mood of the same outfit from weekday to weekend. Two pairs of shoes, one sneaker and one leather or suede option, complete the ten pieces.",
      "Technology can help, too. Take a photo of each outfit you like on your phone and keep them in one album; on a busy morning you simply pick one. Some of our team also set a reminder on their smartwatch to check the weather before they leave, which saves a lot of wrong-jacket days.",
      "Start with what you already own, fill the gaps slowly and buy the best quality you can afford. A capsule is never finished, but once the core is in place, every new piece you add will work harder.",
    ],
    tags: ["Accessories", "Electronics"],
  },
  {
    slug: "blogDetails4",
    title: "Make It Last: Caring for Leather, Denim and Your Devices",
    publishedOn: "2022-11-03",
    excerpt:
      "The most sustainable product is the one you already own. Simple habits that keep your jeans, boots, laptop and phone going for years.",
    body: [
      "We love new things as much as anyone, but the most sustainable purchase is the one you do not need to make. With a little care, a good pair of boots, a leather bag or a laptop can easily last twice as long. Here are the habits our repair team swears by.",
      "Denim first: wash it less than you think. Turn jeans inside out, wash them cold, and hang them to dry. Raw and selvedge denim will fade beautifully to your own shape if you wait a few months before the first wash. Small tears near the knee or pocket can be darned for very little money, and most tailors are happy to do it.",
      "Leather needs cleaning and feeding. Wipe bags, belts and boots with a damp cloth, let them dry away from radiators, and rub in a neutral conditioner every few months. Suede prefers a soft brush and a waterproofing spray before the first rainy day. Use shoe trees and rotate your shoes so each pair has a day to dry out.",
      "Devices age fastest through heat and full charge cycles. Keep your phone and laptop out of direct sun, and if your device offers an optimised or 80% charging mode, switch it on. Clean the charging port gently with a wooden toothpick, and replace a tired battery instead of the whole phone: it usually costs a fraction of a new one and takes under an hour.",
      "When something really has reached the end of its life, bring it back to us. Every Volt & Thread store accepts old phones, laptops, watches and clean clothing, whether or not you bought them here. We pass electronics to certified recyclers and clothing to local charities and textile recyclers, and you get a voucher for your next purchase as a thank you.",
    ],
    tags: ["Accessories", "Electronics"],
  },
];

export type StoreLocationSeed = {
  country: string;
  name: string;
  address: string;
  phone: string;
  email: string;
  hours: string;
};

export const storeLocations: StoreLocationSeed[] = [
  {
    country: "Bulgaria",
    name: "Volt & Thread Sofia",
    address: "48 Vitosha Boulevard, 1000 Sofia, Bulgaria",
    phone: "+359 2 981 4620",
    email: "sofia@example.com",
    hours: "Every day 9:00–17:00",
  },
  {
    country: "Dubai",
    name: "Volt & Thread Dubai",
    address: "Unit G-14, Marina Walk Arcade, Dubai Marina, Dubai, United Arab Emirates",
    phone: "+971 4 388 2715",
    email: "dubai@example.com",
    hours: "Every day 9:00–17:00",
  },
  {
    country: "Indonesia",
    name: "Volt & Thread Jakarta",
    address: "Jl. Senopati No. 27, Kebayoran Baru, Jakarta Selatan 12190, Indonesia",
    phone: "+62 21 7278 3910",
    email: "jakarta@example.com",
    hours: "Every day 9:00–17:00",
  },
];

export type TestimonialSeed = {
  name: string;
  role: string;
  quote: string;
  /** integer 1–5 */
  rating: number;
};

export const testimonials: TestimonialSeed[] = [
  {
    name: "Maya Petrova",
    role: "Graphic designer, Sofia",
    quote:
      "I ordered a laptop and a pair of jeans on the same evening, and both arrived two days later, beautifully packed. The laptop screen is exactly as colour-accurate as the page promised.",
    rating: 5,
  },
  {
    name: "Omar Al-Hashimi",
    role: "Runner and father of two",
    quote:
      "The team in the Dubai store let me try three smartwatches on my run before I decided. No pressure at all, just honest advice. I've been back twice since.",
    rating: 5,
  },
  {
    name: "Sari Wulandari",
    role: "Teacher, Jakarta",
    quote:
      "The wrap dress fits perfectly and the fabric feels more expensive than it was. I had to exchange the size of my sandals, which took a week, but the process itself was easy.",
    rating: 4,
  },
  {
    name: "Daniel Hoffmann",
    role: "Software engineer",
    quote:
      "Good prices, clear specs and no surprises at checkout. I like that the product pages tell you what a TV is actually good at instead of listing buzzwords.",
    rating: 4,
  },
  {
    name: "Lucía Ortega",
    role: "Photographer",
    quote:
      "My crossbody bag has been everywhere with me for a year and the leather just keeps getting nicer. When a strap ring came loose, they repaired it for free.",
    rating: 5,
  },
  {
    name: "Kenji Watanabe",
    role: "Student",
    quote:
      "Bought the everyday laptop for university on a budget. It's silent, light and lasts a full day of lectures. Delivery took a little longer than quoted, otherwise great.",
    rating: 4,
  },
];

/** The demo shop's help pages (an admin rewrites them on /dashboard/pages). */
export const helpPages: { slug: string; body: string }[] = [
  {
    slug: "terms",
    body: `These terms apply to every order placed in this demo shop. By placing an order you accept them.

## Orders and prices
- Prices are shown in US dollars and include taxes where the law asks for them.
- An order is accepted when you receive its confirmation by email.
- We may cancel an order when a product turns out to be unavailable; you are then refunded in full.

## Payment
You pay by card through our payment provider, or on delivery. Your card details never reach our servers.

## Your data
We keep what we need to deliver your orders and answer your questions, and nothing is sold to anyone.`,
  },
  {
    slug: "returns",
    body: `You may return any product within 30 days of its delivery, for any reason.

## How to return
- Write to us through the contact page with your order number.
- Pack the product with its accessories and send it to the address we give you.
- We refund the price within 14 days of receiving it, to the way you paid.

## Exchanges
To exchange a size or a colour, return the product and place a new order: the new one ships at once.`,
  },
  {
    slug: "shipping",
    body: `Orders leave our warehouse within two working days.

## Delivery times
- Within the country: 2 to 4 working days.
- Abroad: 5 to 10 working days.

Shipping is free on orders over $100. You receive an email with the tracking number when your order ships.`,
  },
  {
    slug: "size-guide",
    body: `Our clothing follows international sizes. Measure a garment that fits you well and compare.

## Tops and jackets (chest, cm)
- S: 88–96
- M: 96–104
- L: 104–112
- XL: 112–120

## Shoes
European sizes. Between two sizes, choose the larger one.`,
  },
  {
    slug: "faqs",
    body: `## When will my order arrive?
See Shipping & Delivery: most orders arrive within a week.

## Can I change or cancel my order?
Yes, until it ships: open My Orders in your dashboard and press Cancel.

## Do you ship abroad?
Yes, to most countries.`,
  },
];

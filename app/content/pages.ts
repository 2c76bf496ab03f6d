/** The words of the static pages (about, contact details in the footer and on the contact page). */
export const aboutContent: {
  mission: string;
  stories: string;
  approach: string;
  philosophy: string;
  team: { name: string; role: string; bio: string }[];
} = {
  mission:
    "Volt & Thread exists to make good things easy to find. We bring together electronics and clothing that we would happily use and wear ourselves, explain them plainly, and price them fairly, so that you can buy with confidence and keep what you buy for a long time.",
  stories:
    "We started in 2016 as a single shop window in Sofia, selling refurbished phones on one side and locally made knitwear on the other. Customers kept asking why a tech shop sold sweaters, and then came back for both. Today we run stores in Sofia, Dubai and Jakarta and ship across the world, but we still choose every product by hand and still put the same question to each one: would we recommend this to a friend?",
  approach:
    "We test before we list. Our buyers use every phone, laptop and watch for at least a week, and our stylists wear the clothes, wash them and wear them again. Product pages describe what we found, including the trade-offs. After you buy, our support team and in-store repair desks are there to help, whether you need a size exchange, a software question answered or a new battery.",
  philosophy:
    "Fewer, better things. We would rather sell you one pair of boots that lasts ten years than three that last one. That is why we favour durable materials, repairable designs and honest warranties, and why every store takes back old devices and clothing for recycling or donation.",
  team: [
    {
      name: "Elena Dimitrova",
      role: "Founder & CEO",
      bio: "Elena opened the first Volt & Thread window in Sofia after ten years in retail buying. She still spends Saturdays on the shop floor and reads every customer review herself.",
    },
    {
      name: "Rashid Karim",
      role: "Head of Electronics",
      bio: "A former telecoms engineer, Rashid leads the team that tests every device we sell. If a battery claim is too good to be true, he is the one who finds out.",
    },
    {
      name: "Putri Anggraini",
      role: "Creative Director, Fashion",
      bio: "Putri trained as a pattern cutter in Jakarta and Milan. She curates our clothing collections with a focus on natural fabrics, easy fits and pieces that work together.",
    },
  ],
};

export const contactDetails: { address: string; phones: string[]; email: string; hours: string } = {
  address: "48 Vitosha Boulevard, 1000 Sofia, Bulgaria",
  phones: ["+359 2 981 4620", "+359 888 274 315"],
  email: "hello@example.com",
  hours: "Every day 9:00–17:00",
};

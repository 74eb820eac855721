// What the commissions page says. The demo content below is what a site shows until the artist saves her own
// words (/commissions/edit), which D1 keeps in this same shape (app/commissions/page.server.ts).

/** A heading and its text: a kind of subject she paints to order, or one step of a commission. */
export type TitledText = { title: string; text: string };
/** One line of the price guide: a size, and the price an original of it starts from, in pence. */
export type GuidePrice = { size: string; fromPence: number };

export type CommissionsContent = {
  intro: string;
  subjects: TitledText[];
  prices: GuidePrice[];
  /** Said under the price guide: what the prices include, or how other media differ. */
  pricesNote: string;
  leadTime: string;
  /** The steps of a commission, in order. */
  steps: TitledText[];
};

export const DEMO_COMMISSIONS: CommissionsContent = {
  intro:
    "A painting made for you: a much-loved pet, your family, or a place that matters to you, painted from your photos in oil, acrylic or watercolour.",
  subjects: [
    { title: "Pets", text: "Dogs, cats, horses and every other companion, painted from a few good photos." },
    { title: "People and families", text: "A portrait of someone dear, or everyone together, for a day to remember." },
    { title: "Places", text: "Your house, a favourite walk or a view you love, in the light you remember." },
  ],
  prices: [
    { size: "20 × 20 cm", fromPence: 15_000 },
    { size: "30 × 40 cm", fromPence: 28_000 },
    { size: "40 × 50 cm", fromPence: 42_000 },
    { size: "60 × 80 cm", fromPence: 75_000 },
  ],
  pricesNote:
    "Originals in oil or acrylic on canvas, unframed. A second subject adds a quarter; watercolours cost a little less. Each quote is exact.",
  leadTime:
    "Usually four to eight weeks from the deposit, depending on the size and the season. If you have a date in mind, say so and I will tell you honestly whether I can meet it.",
  steps: [
    { title: "Tell me about it", text: "What you would like painted, the size, your budget, and any date it is for." },
    { title: "A quote and a deposit", text: "I reply with a price and a date; a deposit of half books your place." },
    { title: "Painting", text: "I share photos of the work as it grows, and you can ask for small changes." },
    { title: "Delivery", text: "Once you are happy, you pay the balance and the painting comes to you by courier." },
  ],
};

// The artist's public details, in one place. Placeholder values: change them here (docs/operations.md, "The artist's details").
export const SITE = {
  artistName: "Amara Okoye",
  brand: "Amara Okoye Art",
  tagline: "Visual Artist & Creative Soul",
  artistTitle: "Self-taught painter and paediatrician, Leeds",
  footerTagline: "Artist • Creator • Designer",
  email: "studio@example.com",
  phone: "Available upon request",
  location: "Leeds, United Kingdom",
  social: {
    instagram: "https://www.instagram.com/",
    facebook: "https://www.facebook.com/",
  },
  // R2 key of the portrait on the About page (uploaded by the seed; replace the object to change it).
  portraitKey: "site/artist-portrait.jpg",
  description:
    "Original oil, acrylic and watercolour paintings, 3D art, prints and commissions by a self-taught painter in Leeds who raises money for children's charities.",
} as const;

/** The artwork page's path: every link to an artwork (cards, home, sitemap, share, enquiry form) goes through it. */
export const artworkPath = (id: string) => `/post/${encodeURIComponent(id)}`;

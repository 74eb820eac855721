/** The artwork page's path: every link to an artwork (cards, home, sitemap, share, enquiry form) goes through it. */
export const postPath = (id: string) => `/post/${encodeURIComponent(id)}`;

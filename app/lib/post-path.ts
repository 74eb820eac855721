/** The artwork page's path, shared by its route, the share button and the enquiry form. */
export const postPath = (id: string) => `/post/${encodeURIComponent(id)}`;

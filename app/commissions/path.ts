// The commissions page: what the artist paints to order, what it costs and how it goes; the form that asks
// for one; and, for the artist, the requests in the Inbox.
export const COMMISSIONS_PATH = "/commissions";
export const COMMISSION_REQUEST_PATH = "/commissions/request";
/** Where the artist edits the commissions page. */
export const COMMISSIONS_EDIT_PATH = "/commissions/edit";
export const COMMISSION_REQUESTS_PATH = "/inbox/commissions";
export const commissionRequestPath = (id: string) => `${COMMISSION_REQUESTS_PATH}/${encodeURIComponent(id)}`;
export const commissionPhotoPath = (id: string) => `${COMMISSION_REQUESTS_PATH}/photos/${encodeURIComponent(id)}`;
/** The client's private link to the work under way, and its photos. */
export const progressPath = (token: string) => `${COMMISSIONS_PATH}/progress/${encodeURIComponent(token)}`;
export const progressPhotoPath = (token: string, photoId: string) =>
  `${progressPath(token)}/photos/${encodeURIComponent(photoId)}`;

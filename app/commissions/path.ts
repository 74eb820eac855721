// The commissions page: what the artist paints to order, what it costs and how it goes.
export const COMMISSIONS_PATH = "/commissions";

// Progress photos of a commission, sent by XMLHttpRequest to show their progress: the page's own action
// (./inbox_.commissions.$id.tsx), answered as plain JSON (app/images/upload-answer.server.ts). Its body cap is the page's.
import { uploadAction } from "~/images/upload-answer.server";
import { action as pageAction } from "./inbox_.commissions.$id";

export const action = uploadAction(pageAction);

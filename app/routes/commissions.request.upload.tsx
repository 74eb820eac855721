// A commission request with photos, sent by XMLHttpRequest to show its progress: the page's own action
// (./commissions.request.tsx), answered as plain JSON (app/images/upload-answer.server.ts). Its body cap is the page's.
import { uploadAction } from "~/images/upload-answer.server";
import { action as pageAction } from "./commissions.request";

export const action = uploadAction(pageAction);

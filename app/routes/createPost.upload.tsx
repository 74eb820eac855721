// A new artwork, sent with its images by XMLHttpRequest to show its progress: the page's own action
// (./createPost.tsx), answered as plain JSON (app/images/upload-answer.server.ts). Its body cap is the page's.
import { uploadAction } from "~/images/upload-answer.server";
import { action as pageAction } from "./createPost";

export const action = uploadAction(pageAction);

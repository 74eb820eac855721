// MailChannels, faked at the HTTP boundary through the one outbound fake: records each request it
// receives (address, headers, JSON body) and answers as told, 202 (accepted) unless told otherwise.
import { MAILCHANNELS_URL } from "../../app/platform/env.server";
import type { MailChannelsRequest } from "../../app/messages/mail.server";
import { http, outbound } from "./outbound";

export type MailChannelsCall = { url: string; headers: Headers; body: MailChannelsRequest };

export function fakeMailChannels(
  answer: () => Response | Promise<Response> = () => new Response(null, { status: 202 }),
) {
  const calls: MailChannelsCall[] = [];
  outbound.use(
    http.post(MAILCHANNELS_URL, async ({ request }) => {
      calls.push({
        url: request.url,
        headers: request.headers,
        body: (await request.clone().json()) as MailChannelsRequest,
      });
      return answer();
    }),
  );
  return { calls };
}

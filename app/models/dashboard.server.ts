import type { Database } from "~/db/client.server";
import { CATEGORY_LABELS, categoriesOf } from "~/lib/categories";
import { todayIn } from "~/lib/dates";
import { thumbnailOf } from "~/lib/images";
import { listEvents } from "~/models/events.server";
import { listMessages } from "~/models/messages.server";
import { listPosts } from "~/models/posts.server";
import { listAllTestimonials } from "~/models/testimonials.server";

/** Whether a post matches the dashboard search: title, medium or any category (label or value). */
export function matchesSearch(
  post: { title: string; medium: string; categories: string[]; category: string },
  query: string,
): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  const categories = categoriesOf(post);
  const haystack = [post.title, post.medium, ...categories, ...categories.map((c) => CATEGORY_LABELS[c])];
  return haystack.some((text) => text.toLowerCase().includes(needle));
}

/** Everything the signed-in dashboard shows. */
export async function getDashboardData(database: Database, query: string) {
  const today = todayIn();
  const [posts, events, testimonials, messages] = await Promise.all([
    listPosts(database),
    listEvents(database, today),
    listAllTestimonials(database),
    listMessages(database),
  ]);
  return {
    total: posts.length,
    posts: posts
      .filter((post) => matchesSearch(post, query))
      .map((post) => ({
        id: post.id,
        title: post.title,
        medium: post.medium,
        size: post.size,
        available: post.available,
        image: post.imageUrls[0] ? thumbnailOf(post.imageUrls[0], post.imageVariants) : null,
        categories: categoriesOf(post),
      })),
    events,
    today,
    testimonials,
    messages,
  };
}

import { BLOG } from "~/modules/blog/blog-constants";
import type { Db } from "~/platform/db/client.server";
import { toCard, type BlogCardData } from "./blog";
import { latestPublishedPosts } from "./blog.server";

/** The home page's latest posts as cards (three; docs/rules/blog.md#popular-and-latest). */
export async function latestPostCards(db: Db): Promise<BlogCardData[]> {
  return (await latestPublishedPosts(db, BLOG.homePostCount)).map(toCard);
}

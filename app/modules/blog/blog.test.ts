import { describe, expect, it } from "vitest";
import { formatLongDate } from "~/lib/format";
import {
  blogListHref,
  cardExcerpt,
  categoryBadge,
  blogImageSrcSet,
  fallbackImage,
  featuredImage,
  htmlToText,
  parseCategory,
  parseSearch,
  postDate,
  postExcerpt,
  parsePage,
  readingTimeMinutes,
  toCard,
  type BlogPostLike,
} from "./blog";

function post(overrides: Partial<BlogPostLike> = {}): BlogPostLike {
  return {
    title: "En titel",
    excerpt: "En sammanfattning",
    content: "<p>Text</p>",
    categories: [],
    is_pinned: false,
    view_count: 0,
    published_at: null,
    created_at: new Date("2025-01-01T10:00:00Z"),
    ...overrides,
  };
}

describe("card excerpt (docs/rules/blog.md#excerpts)", () => {
  it("keeps an excerpt of at most 120 characters as it is", () => {
    const text = "a".repeat(120);
    expect(cardExcerpt(text)).toBe(text);
  });

  it("cuts a longer excerpt at 120 characters and adds an ellipsis", () => {
    const result = cardExcerpt("b".repeat(121));
    expect(result).toBe(`${"b".repeat(120)}...`);
  });

  it("counts Swedish letters as one character each", () => {
    expect(cardExcerpt("å".repeat(130))).toBe(`${"å".repeat(120)}...`);
  });

  it("says 'Läs mer om denna artikel...' when there is no excerpt", () => {
    expect(cardExcerpt(null)).toBe("Läs mer om denna artikel...");
    expect(cardExcerpt("   ")).toBe("Läs mer om denna artikel...");
  });
});

describe("post excerpt fallback (docs/rules/blog.md#excerpts)", () => {
  it("uses the excerpt when there is one", () => {
    expect(postExcerpt({ excerpt: "Kort text", content: "<p>Annat</p>" })).toBe("Kort text");
  });

  it("falls back to the first 150 characters of the content's text plus an ellipsis", () => {
    const words = "ord ".repeat(100);
    const result = postExcerpt({ excerpt: null, content: `<h2>Rubrik</h2><p>${words}</p>` });
    const expected = `Rubrik ${words}`.replace(/\s+/g, " ").slice(0, 150).trimEnd();
    expect(result).toBe(`${expected}...`);
    expect(result).not.toContain("<");
  });

  it("decodes entities in the text of the content", () => {
    expect(postExcerpt({ excerpt: "", content: "<p>Bl&aring; &amp; gul</p>" })).toBe("Blå & gul...");
  });
});

describe("text of HTML", () => {
  it("drops tags, comments and script bodies and keeps words apart", () => {
    expect(htmlToText("<p>Ett</p><p>två<!-- x --></p><script>alert(1)</script>tre&nbsp;fyra")).toBe(
      "Ett två tre fyra",
    );
  });
});

describe("reading time (docs/rules/blog.md#reading-time)", () => {
  it("is the word count divided by 200, rounded up", () => {
    expect(readingTimeMinutes(`<p>${"ord ".repeat(200)}</p>`)).toBe(1);
    expect(readingTimeMinutes(`<p>${"ord ".repeat(201)}</p>`)).toBe(2);
    expect(readingTimeMinutes(`<p>${"ord ".repeat(1000)}</p>`)).toBe(5);
  });

  it("counts words of the text, not the markup", () => {
    const markup = `<p class="a b c d e f g">${"ord ".repeat(199)}</p>`;
    expect(readingTimeMinutes(markup.repeat(1))).toBe(1);
  });

  it("shows at least one minute", () => {
    expect(readingTimeMinutes("")).toBe(1);
  });
});

describe("category badge (docs/rules/blog.md#category-badges)", () => {
  it.each([
    [["guide"], "Guide"],
    [["Guides", "Trading"], "Guide"],
    [["tips"], "Tips"],
    [["News"], "Nyheter"],
    [["nyheter"], "Nyheter"],
    [["skins"], "Skins"],
    [["Trading"], "Trading"],
    [["Market"], "Market"],
  ])("first category %j gives %s", (categories, badge) => {
    expect(categoryBadge(categories)).toBe(badge);
  });

  it("says 'Artikel' on cards and 'Allmänt' on the post page when there is no category", () => {
    expect(categoryBadge([], "card")).toBe("Artikel");
    expect(categoryBadge([], "post")).toBe("Allmänt");
  });
});

describe("images (docs/rules/blog.md#images)", () => {
  it.each([
    [["Guides"], "/images/blog/guide.webp"],
    [["tips"], "/images/blog/tips.webp"],
    [["skins"], "/images/blog/skins.webp"],
    [["News"], "/images/blog/guide.webp"],
    [[], "/images/blog/guide.webp"],
  ])("a failed image with categories %j falls back to %s", (categories, image) => {
    expect(fallbackImage(categories)).toBe(image);
  });

  it("uses the default stock image when a post has no featured image", () => {
    expect(featuredImage(null)).toBe("/images/blog/default.webp");
    expect(featuredImage("/images/blog/x.webp")).toBe("/images/blog/x.webp");
  });

  it("offers the site's own pictures in narrower copies and leaves other addresses alone", () => {
    expect(blogImageSrcSet("/images/blog/guide.webp")).toBe(
      "/images/blog/guide-320.webp 320w, /images/blog/guide-640.webp 640w, /images/blog/guide-960.webp 960w, /images/blog/guide.webp 1200w",
    );
    expect(blogImageSrcSet("/images/blog/guide-640.webp")).toBeUndefined();
    expect(blogImageSrcSet("https://cdn.example.se/images/blog/guide.webp")).toBeUndefined();
    expect(blogImageSrcSet("/images/blog/../secret.webp")).toBeUndefined();
  });
});

describe("dates (docs/rules/blog.md#post-page)", () => {
  it("formats a long Swedish date", () => {
    expect(formatLongDate(new Date("2025-03-12T08:30:00Z"))).toBe("12 mars 2025");
  });

  it("uses Swedish time, so a late UTC evening is the next day", () => {
    expect(formatLongDate("2025-12-31T23:30:00Z")).toBe("1 januari 2026");
  });

  it("shows published_at, else created_at", () => {
    const created = new Date("2024-02-02T12:00:00Z");
    const published = new Date("2024-05-05T12:00:00Z");
    expect(postDate({ published_at: published, created_at: created })).toEqual(published);
    expect(postDate({ published_at: null, created_at: created })).toEqual(created);
  });
});

describe("search and category from the URL (docs/rules/blog.md#list)", () => {
  it("reads only known categories and bounded search text from the URL", () => {
    expect(parseCategory("Market")).toBe("Market");
    expect(parseCategory("market")).toBe("all");
    expect(parseCategory(null)).toBe("all");
    expect(parseSearch("  skins  ")).toBe("skins");
    expect(parseSearch("x".repeat(500))).toHaveLength(100);
  });

  it("builds a shareable list URL", () => {
    expect(blogListHref("", "all")).toBe("/blog");
    expect(blogListHref("float & wear", "Guides")).toBe("/blog?q=float+%26+wear&kategori=Guides");
    expect(blogListHref("", "all", 2)).toBe("/blog?sida=2");
    expect(blogListHref("x", "all", 1)).toBe("/blog?q=x");
  });

  it("reads the page from ?sida= (docs/rules/blog.md#pages)", () => {
    expect(parsePage("3")).toBe(3);
    for (const value of [null, "", "0", "-1", "1.5", "abc", "2e3", "9999999", "\u00002"]) expect(parsePage(value)).toBe(1);
  });
});

describe("card model", () => {
  it("carries the card rules and never the body", () => {
    const card = toCard({
      ...post({ excerpt: null, categories: ["tips"], content: `<p>${"ord ".repeat(450)}</p>` }),
      slug: "en-post",
      featured_image_url: null,
      alt_text: null,
      reading_minutes: 3,
    });
    expect(card).toMatchObject({
      slug: "en-post",
      excerpt: "Läs mer om denna artikel...",
      badge: "Tips",
      image: "/images/blog/default.webp",
      fallbackImage: "/images/blog/tips.webp",
      imageAlt: "En titel",
      date: "1 januari 2025",
      readingMinutes: 3,
    });
    expect(card).not.toHaveProperty("content");
  });
});

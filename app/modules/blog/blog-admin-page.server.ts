/**
 * The Blog tab's loaders and actions (docs/rules/blog.md#editing): every one checks the tab
 * on the server, reads its input through the one path (decision 017), and calls the staff
 * blog service, which writes each change with its audit row. The `seo` role may send only the
 * SEO fields: anything else is refused with 403 here, not merely hidden in the form.
 */
import { data } from "react-router";
import { TEXT_LIMITS } from "~/platform/platform-constants";
import {
  failureResponse,
  imageRefusal,
  notFound,
  readImageUpload,
  readInput,
  validate,
  type ActionFailure,
  type Input,
} from "~/lib/http.server";
import { INPUT_MESSAGES } from "~/lib/validation";
import { requireAdminTab, type StaffSession } from "~/modules/admin/admin-access.server";
import {
  deletePost,
  getAdminPost,
  getRevisionSnapshot,
  listAdminPosts,
  restoreRevision,
  savePost,
  slugAvailable,
  storeFeaturedImage,
  type SaveSuccess,
} from "~/modules/blog/blog-admin.server";
import {
  BLOG_EDITOR_MESSAGES,
  blogPostAutosaveSchema,
  blogPostSchema,
  blogPostSeoSchema,
  canEditWholePost,
  isPostId,
  parseAdminPostQuery,
  revisionSchema,
  SEO_FIELDS,
} from "~/modules/blog/blog-post-schema";
import { readingTimeMinutes } from "~/modules/blog/blog";
import { postView } from "~/modules/blog/post-view.server";
import { isValidSlug } from "~/modules/blog/slug";
import { db } from "~/platform/db/client.server";

const TITLES = {
  save: "Inlägget kunde inte sparas",
  autosave: "Utkastet kunde inte sparas automatiskt",
  restore: "Versionen kunde inte återställas",
  delete: "Inlägget kunde inte tas bort",
} as const;

const forbidden = (title: string) => data<ActionFailure>({ ok: false, title, message: BLOG_EDITOR_MESSAGES.seoOnly }, { status: 403 });
const postNotFound = () => notFound(BLOG_EDITOR_MESSAGES.notFound);

// ---------------------------------------------------------------------------
// /admin/blog
// ---------------------------------------------------------------------------

export async function loadPostList(request: Request) {
  const staff = await requireAdminTab(request, "blog");
  const query = parseAdminPostQuery(new URL(request.url).searchParams);
  const page = await listAdminPosts(db(), query);
  return { query, page, canCreate: canEditWholePost(staff.roles) };
}

// ---------------------------------------------------------------------------
// /admin/blog/ny and /admin/blog/:postId
// ---------------------------------------------------------------------------

export async function loadPostEditor(request: Request, postId: string | undefined) {
  const staff = await requireAdminTab(request, "blog");
  const canEditAll = canEditWholePost(staff.roles);
  if (postId === "ny") {
    if (!canEditAll) throw data({ message: BLOG_EDITOR_MESSAGES.seoOnly }, { status: 403 });
    return { post: null, canEditAll, now: new Date().toISOString() };
  }
  if (!isPostId(postId)) throw postNotFound();
  const post = await getAdminPost(db(), postId.toLowerCase());
  if (!post) throw postNotFound();
  return { post, canEditAll, now: new Date().toISOString() };
}

type SaveAnswer = { ok: true; title: string; message: string } & Pick<SaveSuccess, "postId" | "version" | "live" | "status"> & {
    savedAt: string;
    autosave: boolean;
  };

/** Keys a save may carry besides the fields. */
const CONTROL_KEYS = new Set(["intent", "version"]);

async function save(staff: StaffSession, input: Input, postId: string | null, autosave: boolean) {
  const title = autosave ? TITLES.autosave : TITLES.save;
  const wholePost = canEditWholePost(staff.roles);
  let result;
  if (wholePost) {
    // docs/rules/blog.md#autosave: an autosave stores the fields but never the status.
    const parsed = autosave ? validate(input, blogPostAutosaveSchema, { title }) : validate(input, blogPostSchema, { title });
    if (!parsed.ok) return parsed.response;
    const { version, ...values } = parsed.data;
    result = await savePost(db(), { actorUserId: staff.user.id, roles: staff.roles, postId, version, kind: autosave ? "autosave" : "save", values: { whole: values } });
  } else {
    // docs/rules/blog.md#roles: seo changes only the SEO fields; any other field is refused.
    const allowed = new Set<string>([...SEO_FIELDS, ...CONTROL_KEYS]);
    if (postId === null || Object.keys(input).some((key) => !allowed.has(key))) return forbidden(title);
    const parsed = validate(input, blogPostSeoSchema, { title });
    if (!parsed.ok) return parsed.response;
    const { version, ...values } = parsed.data;
    result = await savePost(db(), { actorUserId: staff.user.id, roles: staff.roles, postId, version, kind: autosave ? "autosave" : "save", values: { seo: values } });
  }
  if (!result.ok) return failureResponse(result, { title });
  const message = !result.live
    ? "Ändringarna är sparade som en version. Den publicerade texten ändras först när du sparar."
    : result.status === "published"
      ? "Inlägget är sparat och publicerat."
      : "Inlägget är sparat.";
  return data<SaveAnswer>({
    ok: true,
    title: autosave ? "Sparat automatiskt" : "Sparat",
    message,
    postId: result.postId,
    version: result.version,
    live: result.live,
    status: result.status,
    savedAt: new Date().toISOString(),
    autosave,
  });
}

export async function handlePostAction(request: Request, postIdParam: string | undefined) {
  const staff = await requireAdminTab(request, "blog");
  const postId = postIdParam === "ny" ? null : isPostId(postIdParam) ? postIdParam.toLowerCase() : undefined;
  if (postId === undefined) return postNotFound();
  // seo edits existing posts' SEO fields only: it never creates one.
  if (postId === null && !canEditWholePost(staff.roles)) return forbidden(TITLES.save);
  const input = await readInput(request, { title: TITLES.save });
  if (!input.ok) return input.response;
  const intent = input.data.intent;
  if (intent === "save" || intent === "autosave") {
    const { intent: _intent, ...fields } = input.data;
    return save(staff, fields, postId, intent === "autosave");
  }
  if (postId === null) return data<ActionFailure>({ ok: false, message: INPUT_MESSAGES.badRequest }, { status: 400 });
  if (intent === "restore") {
    if (!canEditWholePost(staff.roles)) return forbidden(TITLES.restore);
    const parsed = validate(input.data, revisionSchema, { title: TITLES.restore });
    if (!parsed.ok) return parsed.response;
    const result = await restoreRevision(db(), {
      actorUserId: staff.user.id,
      roles: staff.roles,
      postId,
      revisionId: parsed.data.revisionId.toLowerCase(),
      version: parsed.data.version,
    });
    if (!result.ok) return failureResponse(result, { title: TITLES.restore });
    return data({ ok: true as const, title: "Versionen är återställd", message: "Inlägget har sparats med den valda versionen.", version: result.version, restored: true });
  }
  if (intent === "delete") {
    if (!canEditWholePost(staff.roles)) return forbidden(TITLES.delete);
    const result = await deletePost(db(), { actorUserId: staff.user.id, roles: staff.roles, postId });
    if (!result.ok) return failureResponse(result, { title: TITLES.delete });
    return data({ ok: true as const, title: "Inlägget är borttaget", message: "Det finns inte längre.", deleted: true });
  }
  return data<ActionFailure>({ ok: false, message: INPUT_MESSAGES.badRequest }, { status: 400 });
}

// ---------------------------------------------------------------------------
// /admin/blog/slug?slug=&id=: the editor's live check
// ---------------------------------------------------------------------------

export async function checkSlug(request: Request) {
  await requireAdminTab(request, "blog");
  const params = new URL(request.url).searchParams;
  const slug = (params.get("slug") ?? "").slice(0, TEXT_LIMITS.slug + 1);
  const id = params.get("id") ?? undefined;
  if (!isValidSlug(slug)) return Response.json({ available: false, message: BLOG_EDITOR_MESSAGES.slug });
  const available = await slugAvailable(db(), slug, isPostId(id) ? id.toLowerCase() : null);
  return Response.json({ available, message: available ? "Adressen är ledig." : BLOG_EDITOR_MESSAGES.slugTaken });
}

// ---------------------------------------------------------------------------
// /admin/blog/bild: the featured image (the path with the larger body limit)
// ---------------------------------------------------------------------------

export async function handleImageUpload(request: Request) {
  const staff = await requireAdminTab(request, "blog");
  if (!canEditWholePost(staff.roles)) return data<ActionFailure>({ ok: false, message: BLOG_EDITOR_MESSAGES.seoOnly }, { status: 403 });
  const upload = await readImageUpload(request);
  if (!upload.ok) return upload.response;
  const result = await storeFeaturedImage(db(), { data: upload.data, uploadedBy: staff.user.id });
  if (!result.ok) return imageRefusal(result);
  return data({ ok: true as const, imageId: result.imageId, url: result.url });
}

// ---------------------------------------------------------------------------
// /admin/blog/:postId/forhandsgranska: the post as the public page, for staff only
// ---------------------------------------------------------------------------

export async function loadPreview(request: Request, postId: string | undefined) {
  await requireAdminTab(request, "blog");
  if (!isPostId(postId)) throw postNotFound();
  const post = await getAdminPost(db(), postId.toLowerCase());
  if (!post) throw postNotFound();
  // ?version=<revision id> shows a saved version (a published post's autosaved changes).
  const revisionId = new URL(request.url).searchParams.get("version");
  const snapshot = isPostId(revisionId ?? undefined) ? await getRevisionSnapshot(db(), post.id, revisionId!.toLowerCase()) : null;
  const values = snapshot ?? post.values;
  const view = postView({
    ...values,
    published_at: values.published_at ? new Date(values.published_at) : null,
    created_at: new Date(post.createdAt),
    updated_at: new Date(post.version),
    reading_minutes: snapshot ? readingTimeMinutes(values.content) : post.readingMinutes,
    view_count: post.views,
  });
  return { post: view, postId: post.id, status: values.status, scheduled: post.scheduled, fromRevision: Boolean(snapshot) };
}

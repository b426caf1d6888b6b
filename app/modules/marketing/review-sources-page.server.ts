/**
 * /admin/seo/omdomen (admin only; docs/decisions/055-site-figures.md): the review sources the
 * public pages show — rating, count and public source link per platform. Each save or removal
 * runs once per form token (decision 036) and is audited in its transaction.
 */
import { data } from "react-router";
import { readInput, validate, type ActionFailure } from "~/lib/http.server";
import { INPUT_MESSAGES } from "~/lib/validation";
import { requireRole } from "~/modules/accounts/roles.server";
import { db } from "~/platform/db/client.server";
import { issueFormToken, withFormToken } from "~/platform/form-tokens/form-tokens.server";
import { REVIEW_PLATFORMS } from "./marketing-constants";
import { reviewSourceRemoveSchema, reviewSourceSchema } from "./review-source-schema";
import { forgetSiteFigures, listReviewSources, removeReviewSource, saveReviewSource } from "./site-figures.server";
import { summarizeReviews } from "./site-figures";

const TITLES = { save: "Källan kunde inte sparas", remove: "Källan kunde inte tas bort" } as const;

export async function loadReviewSourcesPage(request: Request) {
  await requireRole(request, "admin");
  const sources = await listReviewSources(db());
  return { platforms: REVIEW_PLATFORMS, summary: summarizeReviews(sources), formToken: issueFormToken() };
}

export async function handleReviewSourcesAction(request: Request) {
  const staff = await requireRole(request, "admin");
  const input = await readInput(request);
  if (!input.ok) return input.response;
  const intent = input.data.intent;
  if (intent !== "save" && intent !== "remove") {
    return data<ActionFailure>({ ok: false, message: INPUT_MESSAGES.badRequest }, { status: 400 });
  }
  const extras = { title: TITLES[intent], intent };
  const actorUserId = staff.user.id;
  const refuse = (message: string) => ({ ok: false as const, message });
  if (intent === "save") {
    const parsed = validate(input.data, reviewSourceSchema, { ...extras, values: { platform: String(input.data.platform ?? "") } });
    if (!parsed.ok) return parsed.response;
    const result = await withFormToken(
      db(),
      { values: input.data, actorUserId, action: "review_source.save" },
      (tx) => saveReviewSource(tx, { actorUserId, values: parsed.data }),
      { refuse },
    );
    if (!result.ok) return data<ActionFailure>({ ok: false, message: result.message, ...extras }, { status: 409 });
    // Again after the commit: a page read between the change and its commit kept the old figures.
    forgetSiteFigures();
    return { ok: true as const, intent, platform: parsed.data.platform, title: `${parsed.data.platform} är sparad`, message: "De publika sidorna visar det nya betyget inom några minuter." };
  }
  const parsed = validate(input.data, reviewSourceRemoveSchema, extras);
  if (!parsed.ok) return parsed.response;
  const result = await withFormToken(
    db(),
    { values: input.data, actorUserId, action: "review_source.remove" },
    (tx) => removeReviewSource(tx, { actorUserId, platform: parsed.data.platform }),
    { refuse },
  );
  if (!result.ok) return data<ActionFailure>({ ok: false, message: result.message, ...extras }, { status: 409 });
  forgetSiteFigures();
  return { ok: true as const, intent, platform: parsed.data.platform, title: `${parsed.data.platform} är borttagen`, message: "De publika sidorna slutar visa källans betyg inom några minuter." };
}

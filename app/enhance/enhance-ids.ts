/** The elements the enhancement module (app/enhance/enhance.ts) finds by id; the React layer renders them. Isomorphic. */
export const ENHANCE_ELEMENT_IDS = {
  script: "enhance",
  banner: "cookie-banner",
  notice: "notice",
  noticeTemplate: "notice-template",
} as const;

/** Where the forms the module takes over post to without scripts. */
export const FORM_ACTIONS = {
  consent: "/api/consent-choice",
  theme: "/api/theme",
  signOut: "/auth/sign-out",
} as const;

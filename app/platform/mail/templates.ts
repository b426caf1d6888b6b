/**
 * Swedish e-mail templates: every message has an HTML and a plain-text body built from
 * the same parts. Values are escaped here; templates never receive raw HTML.
 */
import { formatLongDateTime, formatPoints, formatSek } from "~/lib/format";
export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

export interface EmailParts {
  subject: string;
  preheader?: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Label/value rows, e.g. the fields of a contact message. */
  details?: Array<[label: string, value: string]>;
  footnote?: string;
  /**
   * HTML that has already been through the blog sanitiser (a campaign's body), inserted after
   * the paragraphs as it is; its text version is derived from it. Nothing else may go here.
   */
  sanitizedHtml?: string;
  /** The one-click unsubscribe link of a list mail, shown at the foot of the message. */
  unsubscribe?: { url: string; list: string };
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/** A plain-text version of sanitised HTML: links as "text (url)", blocks on their own lines. */
function htmlToText(html: string): string {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) => `${label} (${href})`)
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<li[^>]*>/gi, "• ")
    .replace(/<\/(p|div|h[1-6]|li|blockquote|pre|tr|table|ul|ol)>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_m, name: string) => ENTITIES[name] ?? "")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export function renderEmail(parts: EmailParts, siteName: string): EmailContent {
  const paragraphsHtml = parts.paragraphs
    .map((p) => `<p style="margin:0 0 16px;line-height:1.6">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("");
  const detailsHtml = parts.details?.length
    ? `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px">${parts.details
        .map(
          ([label, value]) =>
            `<tr><th align="left" style="padding:6px 12px 6px 0;vertical-align:top;color:#475569;font-weight:600;white-space:nowrap">${escapeHtml(label)}</th><td style="padding:6px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
        )
        .join("")}</table>`
    : "";
  const actionHtml = parts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.action.url)}" style="display:inline-block;background:#ea580c;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(parts.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#64748b;line-height:1.5">Fungerar inte knappen? Kopiera länken till din webbläsare:<br><span style="word-break:break-all">${escapeHtml(parts.action.url)}</span></p>`
    : "";
  const footnoteHtml = parts.footnote
    ? `<p style="margin:24px 0 0;font-size:13px;color:#64748b;line-height:1.5">${escapeHtml(parts.footnote)}</p>`
    : "";
  const bodyHtml = parts.sanitizedHtml ? `<div style="line-height:1.6">${parts.sanitizedHtml}</div>` : "";
  const unsubscribeHtml = parts.unsubscribe
    ? `<p style="margin:24px 0 0;font-size:12px;color:#64748b;line-height:1.5">Du får det här mejlet eftersom du finns på ${escapeHtml(parts.unsubscribe.list)}. <a href="${escapeHtml(parts.unsubscribe.url)}" style="color:#64748b">Avregistrera dig</a> med ett klick.</p>`
    : "";
  const html = `<!doctype html><html lang="sv"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(parts.subject)}</title></head><body style="margin:0;background:#f1f5f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#0f172a">${
    parts.preheader ? `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(parts.preheader)}</div>` : ""
  }<table role="presentation" width="100%" style="padding:24px 12px"><tr><td align="center"><table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px"><tr><td><p style="margin:0 0 24px;font-size:20px;font-weight:800;color:#ea580c">${escapeHtml(siteName)}</p><h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(parts.heading)}</h1>${paragraphsHtml}${bodyHtml}${detailsHtml}${actionHtml}${footnoteHtml}${unsubscribeHtml}</td></tr></table><p style="font-size:12px;color:#94a3b8;margin:16px 0 0">${escapeHtml(siteName)} · Helsingborg</p></td></tr></table></body></html>`;
  const text = [
    parts.heading,
    "",
    ...parts.paragraphs.flatMap((p) => [p, ""]),
    ...(parts.sanitizedHtml ? [htmlToText(parts.sanitizedHtml), ""] : []),
    ...(parts.details?.map(([label, value]) => `${label}: ${value}`) ?? []),
    ...(parts.details?.length ? [""] : []),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`, ""] : []),
    ...(parts.footnote ? [parts.footnote, ""] : []),
    ...(parts.unsubscribe ? [`Du får det här mejlet eftersom du finns på ${parts.unsubscribe.list}. Avregistrera dig: ${parts.unsubscribe.url}`, ""] : []),
    `— ${siteName}`,
  ].join("\n");
  return { subject: parts.subject, html, text };
}

/** Templates by name; later features add theirs here. */
export const emailTemplates = {
  contactMessage(input: { name: string; email: string; phone?: string | null; subject: string; message: string }) {
    return {
      subject: `Kontaktformulär: ${input.subject}`,
      heading: "Nytt meddelande via kontaktformuläret",
      paragraphs: ["Ett nytt meddelande har skickats via kontaktformuläret på webbplatsen."],
      details: [
        ["Namn", input.name],
        ["E-post", input.email],
        ["Telefon", input.phone || "–"],
        ["Ämne", input.subject],
        ["Meddelande", input.message],
      ],
      footnote: "Svara direkt på det här mejlet för att svara avsändaren.",
    } satisfies EmailParts;
  },
  /** docs/rules/selling.md#price-alerts: a visitor's double opt-in. */
  priceAlertConfirm(input: { label: string; targetOre: number; valueOre: number; url: string; hours: number }) {
    return {
      subject: "Bekräfta din prisbevakning",
      preheader: "Vi mejlar dig först när du har bekräftat.",
      heading: "Bekräfta din prisbevakning",
      paragraphs: [
        `Du har bett oss meddela dig när vi betalar minst ${formatSek(input.targetOre)} för ${input.label}. I dag betalar vi ${formatSek(input.valueOre)}.`,
        `Bekräfta inom ${input.hours} timmar, annars tar vi bort bevakningen.`,
      ],
      action: { label: "Bekräfta bevakningen", url: input.url },
      footnote: "Har du inte bett om det kan du bortse från mejlet; utan bekräftelse skickar vi ingenting mer.",
    } satisfies EmailParts;
  },
  /** docs/rules/selling.md#price-alerts: the target is reached (once per crossing). */
  priceAlertReached(input: { label: string; targetOre: number; valueOre: number; quoteUrl: string; stopUrl: string }) {
    return {
      subject: `Prisbevakning: ${input.label} har nått ditt mål`,
      preheader: `Vi betalar nu ${formatSek(input.valueOre)}.`,
      heading: "Ditt målpris är nått",
      paragraphs: [
        `Vi betalar nu ${formatSek(input.valueOre)} för ${input.label} – ditt mål var ${formatSek(input.targetOre)}.`,
        "Priset kan ändras igen. Hämta en offert så gäller priset i offerten medan du bestämmer dig.",
      ],
      action: { label: "Få pris nu", url: input.quoteUrl },
      details: [["Avsluta bevakningen", input.stopUrl]],
      footnote: "Vi mejlar igen bara om priset först sjunker under målet och sedan når det på nytt.",
    } satisfies EmailParts;
  },
  confirmEmail(input: { name: string; url: string }) {
    return {
      subject: "Bekräfta din e-postadress",
      preheader: "Ett klick kvar innan ditt konto är klart.",
      heading: `Hej ${input.name}!`,
      paragraphs: [
        "Tack för att du skapade ett konto. Bekräfta din e-postadress genom att klicka på knappen nedan.",
      ],
      action: { label: "Bekräfta e-postadress", url: input.url },
      footnote: "Om du inte skapade något konto kan du bortse från det här mejlet.",
    } satisfies EmailParts;
  },
  confirmEmailChange(input: { name: string; url: string }) {
    return {
      subject: "Bekräfta din nya e-postadress",
      preheader: "Adressen byts först när du har bekräftat den.",
      heading: `Hej ${input.name}!`,
      paragraphs: [
        "Du har angett den här adressen för ditt konto. Klicka på knappen nedan för att bekräfta att den är din – först då byter vi till den.",
      ],
      action: { label: "Bekräfta ny e-postadress", url: input.url },
      footnote: "Har du inte bett om att byta adress kan du bortse från mejlet; ingenting ändras.",
    } satisfies EmailParts;
  },
  /** docs/rules/accounts.md#changing-the-email-address: the notice to the address being replaced. */
  emailChangeRequested(input: { name: string; newEmail: string; profileUrl: string }) {
    return {
      subject: "Begäran om att byta e-postadress",
      preheader: "Adressen byts först när den nya har bekräftats.",
      heading: `Hej ${input.name}!`,
      paragraphs: [
        "Någon har begärt att byta e-postadressen på ditt konto. Vi har skickat en bekräftelselänk till den nya adressen; ditt konto byter adress först när den har bekräftats.",
      ],
      details: [["Ny adress", input.newEmail]],
      action: { label: "Visa min profil", url: input.profileUrl },
      footnote:
        "Var det inte du? Byt lösenord direkt och kontakta vår support via kontaktsidan, så hjälper vi dig att säkra kontot.",
    } satisfies EmailParts;
  },
  /** docs/rules/accounts.md#changing-the-password: after every change, and a first password. */
  passwordChanged(input: { name: string; firstTime: boolean; profileUrl: string }) {
    return {
      subject: input.firstTime ? "Ditt konto har fått ett lösenord" : "Ditt lösenord har bytts",
      preheader: input.firstTime ? "Du kan nu logga in med e-post och lösenord." : "Dina andra enheter har loggats ut.",
      heading: `Hej ${input.name}!`,
      paragraphs: [
        input.firstTime
          ? "Du har valt ett lösenord för ditt konto. Du kan nu logga in med din e-postadress och lösenordet, förutom med Steam eller Google."
          : "Lösenordet för ditt konto har just bytts, och alla andra enheter där du var inloggad har loggats ut.",
      ],
      action: { label: "Visa min profil", url: input.profileUrl },
      footnote:
        "Var det inte du? Återställ lösenordet via \"Glömt lösenord?\" på inloggningssidan och kontakta vår support via kontaktsidan.",
    } satisfies EmailParts;
  },
  newsletterConfirmation(input: { url: string; days: number }) {
    return {
      subject: "Bekräfta din prenumeration på nyhetsbrevet",
      preheader: "Ett klick kvar innan du får vårt nyhetsbrev.",
      heading: "Bekräfta din prenumeration",
      paragraphs: [
        "Tack för att du vill ha vårt nyhetsbrev! Klicka på knappen nedan och bekräfta på sidan som öppnas, så börjar vi skicka det till den här adressen.",
        `Länken gäller i ${input.days} dagar. Bekräftar du inte tar vi bort adressen efter det.`,
      ],
      action: { label: "Bekräfta prenumerationen", url: input.url },
      footnote: "Har du inte anmält dig till vårt nyhetsbrev kan du bortse från mejlet; vi skickar inget mer.",
    } satisfies EmailParts;
  },
  resetPassword(input: { name: string; url: string }) {
    return {
      subject: "Återställ ditt lösenord",
      preheader: "Länken gäller en begränsad tid.",
      heading: `Hej ${input.name}!`,
      paragraphs: [
        "Vi fick en begäran om att återställa lösenordet för ditt konto. Klicka på knappen nedan för att välja ett nytt lösenord. Länken kan bara användas en gång.",
      ],
      action: { label: "Välj nytt lösenord", url: input.url },
      footnote: "Om du inte begärde detta kan du bortse från mejlet – ditt lösenord ändras inte.",
    } satisfies EmailParts;
  },
  shopOrderConfirmation(input: {
    name: string;
    itemName: string;
    pointsSpent: number;
    balance: number;
    orderId: string;
    /** What the item granted at once (a perk), e.g. "Dubbla poäng i 7 dagar". */
    perk?: string | null;
    profileUrl: string;
  }) {
    const points = formatPoints;
    return {
      subject: `Orderbekräftelse: ${input.itemName}`,
      preheader: `Du löste in ${input.itemName} för ${points(input.pointsSpent)}.`,
      heading: `Tack för din beställning, ${input.name}!`,
      paragraphs: [
        input.perk
          ? `Din förmån "${input.perk}" är aktiverad och syns på din profil.`
          : "Vi behandlar din order och hör av oss när belöningen är på väg.",
      ],
      details: [
        ["Belöning", input.itemName],
        ["Poäng", points(input.pointsSpent)],
        ["Kvar att använda", points(input.balance)],
        ["Ordernummer", input.orderId],
      ],
      action: { label: "Visa min profil", url: input.profileUrl },
      footnote: "Har du inte gjort den här beställningen? Kontakta vår support via kontaktsidan eller chatten.",
    } satisfies EmailParts;
  },
  shopOrderStatusChanged(input: {
    name: string;
    itemName: string;
    status: "completed" | "cancelled";
    orderId: string;
    /** Points given back (a cancelled order). */
    pointsRefunded: number;
    profileUrl: string;
  }) {
    const completed = input.status === "completed";
    return {
      subject: completed ? `Din order är levererad: ${input.itemName}` : `Din order är annullerad: ${input.itemName}`,
      preheader: completed
        ? `${input.itemName} är levererad.`
        : `Vi har gett tillbaka ${formatPoints(input.pointsRefunded)} till ditt konto.`,
      heading: `Hej ${input.name}!`,
      paragraphs: [
        completed
          ? `Din beställning av ${input.itemName} är levererad. Tack för att du handlar hos oss!`
          : `Din beställning av ${input.itemName} är annullerad och poängen är tillbaka på ditt konto.`,
      ],
      details: [
        ["Belöning", input.itemName],
        ["Status", completed ? "Levererad" : "Annullerad"],
        ...(completed ? [] : ([["Poäng tillbaka", formatPoints(input.pointsRefunded)]] as [string, string][])),
        ["Ordernummer", input.orderId],
      ],
      action: { label: "Visa min profil", url: input.profileUrl },
      footnote: "Har du frågor om ordern? Kontakta vår support via kontaktsidan eller chatten.",
    } satisfies EmailParts;
  },
  giveawayWon(input: { name: string; title: string; prize: string; month: string; profileUrl: string }) {
    return {
      subject: `Grattis, du vann: ${input.title}`,
      preheader: `Du har vunnit ${input.prize}.`,
      heading: `Grattis ${input.name}!`,
      paragraphs: [
        `Du har dragits som vinnare i vår giveaway "${input.title}" och vinner ${input.prize}. Vi hör av oss om hur du får din vinst.`,
      ],
      details: [
        ["Giveaway", input.title],
        ["Vinst", input.prize],
        ["Månad", input.month],
      ],
      action: { label: "Visa min profil", url: input.profileUrl },
      footnote: "Har du frågor om vinsten? Kontakta vår support via kontaktsidan eller chatten.",
    } satisfies EmailParts;
  },
  /** docs/rules/selling.md#changing-payout-details: every change, masked, with the 24-hour wait. */
  payoutDetailsChanged(input: {
    name: string;
    firstTime: boolean;
    label: string;
    masked: string;
    /** ISO time payouts to the new details may start. */
    usableAt: string;
    profileUrl: string;
  }) {
    const usableAt = formatLongDateTime(input.usableAt);
    return {
      subject: input.firstTime ? "Dina utbetalningsuppgifter har sparats" : "Dina utbetalningsuppgifter har ändrats",
      preheader: `Utbetalningar till de nya uppgifterna kan göras från ${usableAt}.`,
      heading: `Hej ${input.name}!`,
      paragraphs: [
        input.firstTime
          ? "Du har lagt till utbetalningsuppgifter på ditt konto."
          : "Utbetalningsuppgifterna på ditt konto har just ändrats.",
        "Som skydd för ditt konto väntar vi 24 timmar innan vi betalar ut till nya uppgifter.",
      ],
      details: [
        ["Utbetalning till", `${input.label} ${input.masked}`],
        ["Kan användas från", usableAt],
      ],
      action: { label: "Visa min profil", url: input.profileUrl },
      footnote:
        "Var det inte du? Byt lösenord direkt och kontakta vår support via kontaktsidan eller chatten, så stoppar vi utbetalningar till de nya uppgifterna.",
    } satisfies EmailParts;
  },

  /** Decision 048: the member's data export is ready; the link is to /profile, where only they can download it. */
  dataExportReady(input: { name: string; /** ISO time the archive stops being offered. */ expiresAt: string; profileUrl: string }) {
    const expiresAt = formatLongDateTime(input.expiresAt);
    return {
      subject: "Dina uppgifter är klara att ladda ner",
      preheader: `Filen finns kvar till ${expiresAt}.`,
      heading: `Hej ${input.name}!`,
      paragraphs: [
        "Filen med alla uppgifter vi har om dig är klar. Logga in och ladda ner den under Dina uppgifter på din profil.",
        "Av säkerhetsskäl skickar vi inte själva filen med mejlet, och bara du kan ladda ner den.",
      ],
      details: [["Kan laddas ner till", expiresAt]],
      action: { label: "Ladda ner mina uppgifter", url: input.profileUrl },
      footnote: "Har du inte begärt dina uppgifter? Byt lösenord direkt och kontakta vår support via kontaktsidan eller chatten.",
    } satisfies EmailParts;
  },

  /** docs/rules/selling.md#sell-orders: every status change of a sell order. */
  sellOrderUpdate(input: {
    name: string;
    status: string;
    nextStep: string;
    securityCode: string;
    /** Null for an order that ended without money: the mail promises nothing (decision 047). */
    total: string | null;
    /** The payout line (method, time, when staff pay); null when nothing is promised. */
    payout?: string | null;
    /** Why it happened, when the member should know (Steam said the items are gone). */
    reason?: string | null;
    orderUrl: string;
  }) {
    return {
      subject: `Din säljorder: ${input.status}`,
      preheader: input.nextStep,
      heading: `Hej ${input.name}!`,
      paragraphs: [`Din säljorder har ny status: ${input.status}.`, ...(input.reason ? [input.reason] : []), input.nextStep],
      details: [
        ...(input.total ? [["Belopp", input.total] as [string, string]] : []),
        ...(input.payout ? [["Utbetalning", input.payout] as [string, string]] : []),
        ["Säkerhetskod", input.securityCode],
      ],
      action: { label: "Visa ordern", url: input.orderUrl },
      footnote: "Acceptera bara trade-erbjudanden vars meddelande innehåller din säkerhetskod. Vi ber dig aldrig logga in någon annanstans.",
    } satisfies EmailParts;
  },

  /** docs/rules/bots.md#errors: the bot could not send the offer and only the member can fix it (trade link, trade hold). */
  sellOfferProblem(input: { name: string; problem: string; securityCode: string; orderUrl: string }) {
    return {
      subject: "Vi kunde inte skicka trade-erbjudandet",
      preheader: input.problem,
      heading: `Hej ${input.name}!`,
      paragraphs: [input.problem, "Din order väntar. När det är åtgärdat skickar vi erbjudandet direkt."],
      details: [["Säkerhetskod", input.securityCode]],
      action: { label: "Visa ordern", url: input.orderUrl },
    } satisfies EmailParts;
  },

  /**
   * docs/rules/bots.md#trade-shield: our offer was declined or cancelled within a minute, or the
   * member reported another offer — signs that someone holds their Steam Web API key.
   */
  tradeShieldWarning(input: { name: string; securityCode: string; orderUrl: string; apiKeyUrl: string; devicesUrl: string }) {
    return {
      subject: "Varning: möjlig API-nyckelstöld på ditt Steam-konto",
      preheader: "Återkalla din Steam Web API-nyckel och logga ut andra enheter innan du accepterar något erbjudande.",
      heading: `Hej ${input.name}!`,
      paragraphs: [
        "Vårt trade-erbjudande till dig avböjdes eller avbröts direkt efter att vi skickade det, eller så har du rapporterat ett annat erbjudande. Det är det vanligaste tecknet på att någon har kommit åt din Steam Web API-nyckel och försöker lura dig med ett falskt erbjudande.",
        `1. Återkalla din Web API-nyckel: ${input.apiKeyUrl}`,
        `2. Välj "Avauktorisera alla andra enheter" i Steam Guard: ${input.devicesUrl}`,
        "3. Byt ditt Steam-lösenord och kör en virussökning på datorn.",
        "Vi skickar inga nya erbjudanden till dig förrän du har bekräftat på sidan för ordern att ditt konto är säkert. Acceptera bara erbjudanden vars meddelande innehåller din säkerhetskod.",
      ],
      details: [["Säkerhetskod", input.securityCode]],
      action: { label: "Visa ordern", url: input.orderUrl },
    } satisfies EmailParts;
  },

  /**
   * A newsletter campaign or launch announcement (docs/rules/newsletter.md): the staff's
   * sanitised body and, for a real recipient, the one-click unsubscribe link.
   */
  campaign(input: { subject: string; bodyHtml: string; unsubscribeUrl: string; listName: string; test?: boolean }) {
    return {
      subject: input.test ? `[Test] ${input.subject}` : input.subject,
      heading: input.subject,
      paragraphs: input.test ? ["Det här är ett testutskick som bara du har fått."] : [],
      sanitizedHtml: input.bodyHtml,
      unsubscribe: { url: input.unsubscribeUrl, list: input.listName },
    } satisfies EmailParts;
  },
} as const;

export type EmailTemplateName = keyof typeof emailTemplates;

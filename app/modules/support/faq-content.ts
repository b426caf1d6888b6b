/**
 * The FAQ page's questions and answers (docs/rules/site.md#faq: basics, payment, security,
 * pricing). Original Swedish copy; every number comes from the areas' constants files.
 */
import { COMPANY } from "~/lib/company";
import { LEVELS, POINTS_PER_SEK, POINTS_VALUE } from "~/modules/loyalty/loyalty-constants";
import { MARKETING } from "~/modules/marketing/marketing-constants";
import { PAYOUT_LABELS } from "~/modules/selling/selling-constants";
import { BULK_BONUS_CLAIM, CLAIMS, listPaymentMethods, PAYOUT_CLAIMS } from "~/modules/marketing/claims";
import { SUPPORT_HOURS } from "~/modules/support/support-constants";
import { TRADE_PROTECTION_DAYS } from "~/modules/trades/trades-constants";
import type { FaqEntry, FaqSection } from "./faq-search";
import { formatNumber } from "~/lib/format";

const list = (items: readonly string[], last = "och") =>
  items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} ${last} ${items.at(-1)}`;
/** "Swish, banköverföring eller krypto" (brand names keep their capital). */
const payoutMethods = (last: string) =>
  list(
    Object.values(PAYOUT_LABELS).map((label) => (label === "Swish" ? label : label.toLowerCase())),
    last,
  );

const vipBonuses = LEVELS.filter((level) => level.saleBonusPercent > 0)
  .map((level) => `${level.name} +${level.saleBonusPercent}%`)
  .join(", ");

export type FaqSectionId = "grunderna" | "betalning" | "sakerhet" | "priser";

export const FAQ_SECTIONS: ReadonlyArray<FaqSection<FaqEntry> & { id: FaqSectionId }> = [
  {
    id: "grunderna",
    title: "Kom igång",
    description: "Hur det fungerar att sälja och köpa skins hos oss.",
    items: [
      {
        id: "vilka-ar-ni",
        question: "Vilka är ni?",
        answer: `Vi är ett svenskt aktiebolag med säte i ${COMPANY.city} som har handlat med CS2-skins ${CLAIMS.since}.\n\nVi är ett fristående företag och har ingen koppling till Valve, som utvecklar CS2 och driver Steam.`,
      },
      {
        id: "hur-saljer-jag",
        question: "Hur säljer jag mina skins?",
        answer: `Öppna livechatten eller gå till sidan Sälj skins och berätta vilka skins du vill sälja. Du får ett prisförslag baserat på aktuell marknadsdata. Godkänner du priset skickar du skinsen med ett vanligt trade-erbjudande på Steam, och sedan betalar vi ut pengarna till dig via ${payoutMethods("eller")}.`,
      },
      {
        id: "vilka-skins",
        question: "Vilka skins köper ni?",
        answer: `Vi köper CS2-skins i alla slitagegrader: ${list(MARKETING.skinConditions)} (Factory New, Minimal Wear, Field-Tested, Well-Worn och Battle-Scarred). Vapen, knivar, handskar, stickers och agenter går bra. Föremål från ${list(CLAIMS.otherGames)} värderar vi bara via chatt.`,
      },
      {
        id: "steam-guard",
        question: "Vad behöver jag för att kunna handla?",
        answer: `Du behöver ett Steam-konto med Steam Guard Mobile Authenticator aktiverat – utan det kan du varken skicka eller ta emot trades utan långa spärrtider. Du behöver också din trade-länk, som du hittar under Inventarie → Tradeerbjudanden → Vem kan skicka tradeerbjudanden till mig? på Steam.`,
      },
      {
        id: "konto",
        question: "Måste jag skapa ett konto?",
        answer: `Nej, du kan sälja direkt via livechatten. Med ett konto samlar du däremot poäng och XP på allt du säljer och köper, klättrar i våra VIP-nivåer och kan lösa in poängen i vår Point Shop. Du kan också spara din trade-länk och ditt telefonnummer i profilen så att nästa affär går ännu snabbare.`,
      },
      {
        id: "kontakt",
        question: "När kan jag få hjälp?",
        answer: `Vår livechatt är bemannad ${SUPPORT_HOURS.opens}–${SUPPORT_HOURS.closes} ${SUPPORT_HOURS.days}, och vi brukar svara inom ${SUPPORT_HOURS.chatReplySeconds} sekunder. Mejlar du oss via kontaktformuläret svarar vi inom ${SUPPORT_HOURS.emailReplyHours} timmar. All support sker på svenska.`,
      },
      {
        id: "kopa-skins",
        question: "Kan jag köpa skins av er?",
        answer: `Ja. Köp direkt på sajten är på väg, men tills vidare gör vi upp köpen i livechatten. Du kan betala med ${listPaymentMethods()}, och skinsen skickas till din trade-länk så snart din handläggare har sett betalningen.`,
      },
    ],
  },
  {
    id: "betalning",
    title: "Betalning och utbetalning",
    description: "Utbetalningsmetoder, tider och vad som händer efter en trade.",
    items: [
      {
        id: "utbetalningsmetoder",
        question: "Hur får jag betalt?",
        answer: `Du väljer själv mellan ${payoutMethods("och")}. Swish är det snabbaste och vanligaste valet. Swish och banköverföring betalas i svenska kronor till ett nummer eller konto i ditt eget namn.`,
      },
      {
        id: "utbetalningstider",
        question: "Hur snabbt kommer pengarna?",
        answer: `När Trade Protection har gått ut kommer pengarna så här:\n\nSwish: ${PAYOUT_CLAIMS.swish}. Banköverföring: ${PAYOUT_CLAIMS.bank}. Krypto: ${PAYOUT_CLAIMS.crypto}.\n\nUtbetalningen startar när Valves Trade Protection på ${TRADE_PROTECTION_DAYS} dagar har löpt ut för de skins du sålt. Du ser hela tidslinjen på sidan om Trade Protection.`,
      },
      {
        id: "varfor-vanta",
        question: "Varför betalar ni inte ut direkt efter traden?",
        answer: `Sedan Valve införde Trade Protection kan den som skickar ett föremål ångra traden i ${TRADE_PROTECTION_DAYS} dagar. Om vi betalade ut direkt skulle en bedragare kunna ta pengarna och sedan dra tillbaka skinsen. Därför betalar vi ut när skyddsperioden är slut – då är affären definitiv för båda parter.`,
      },
      {
        id: "manuell-granskning",
        question: "Varför granskas min affär manuellt?",
        answer: `Alla affärer över ${formatNumber(MARKETING.manualReviewAboveSek)} kr granskas manuellt av vår personal innan pengarna betalas ut. Det skyddar både dig och oss mot kontokapningar och bedrägerier. Granskningen sker under ordinarie supporttid och brukar inte förlänga väntan märkbart.`,
      },
      {
        id: "fel-uppgifter",
        question: "Jag angav fel Swish-nummer eller kontonummer – vad gör jag?",
        answer: `Kontakta oss direkt i livechatten eller via kontaktformuläret och uppge vilken affär det gäller. Så länge utbetalningen inte har skickats kan vi ändra mottagaren efter att ha kontrollerat att uppgifterna är dina.`,
      },
      {
        id: "betala-vid-kop",
        question: "Hur betalar jag när jag köper skins?",
        answer: `Vid köp kan du betala med ${listPaymentMethods()}. Efter betalningen skickar vi skinsen till din trade-länk. Tala om för din handläggare i chatten när du har betalat, så går leveransen snabbare.`,
      },
    ],
  },
  {
    id: "sakerhet",
    title: "Säkerhet",
    description: "Hur vi skyddar dina skins, dina pengar och ditt konto.",
    items: [
      {
        id: "ar-det-sakert",
        question: "Är det säkert att sälja till er?",
        answer: `Ja. Vi är ett registrerat svenskt aktiebolag, alla affärer sker via Steams egna trade-erbjudanden. Vi ber aldrig om ditt Steam-lösenord eller dina inloggningskoder, och affärer över ${formatNumber(MARKETING.manualReviewAboveSek)} kr kontrolleras manuellt.`,
      },
      {
        id: "trade-protection",
        question: "Vad är Trade Protection?",
        answer: `Trade Protection är Valves skydd för CS2-trades: i ${TRADE_PROTECTION_DAYS} dagar efter en trade kan avsändaren ångra den och få tillbaka föremålen. Skyddet gäller alla på Steam, inte bara oss. För dig som säljer betyder det att utbetalningen sker när de ${TRADE_PROTECTION_DAYS} dagarna har gått.`,
      },
      {
        id: "bedragare",
        question: "Hur undviker jag bedragare som utger sig för att vara ni?",
        answer: `Handla bara via vår webbplats och vår officiella livechatt. Vi skickar aldrig länkar där du ska logga in med Steam utanför steamcommunity.com, ber aldrig om API-nycklar eller koder från Steam Guard och kontaktar dig inte först i Steam-chatten. Är du osäker – fråga oss i livechatten innan du accepterar något.`,
      },
      {
        id: "api-nyckel",
        question: "Vad gör jag om jag tror att mitt Steam-konto är kapat?",
        answer: `Byt lösenord på Steam omedelbart, ta bort eventuella Steam Web API-nycklar du inte själv har skapat och avauktorisera alla andra enheter i Steam Guard. Kontakta oss sedan så kan vi stoppa pågående utbetalningar som rör ditt konto.`,
      },
      {
        id: "valve",
        question: "Är ni kopplade till Valve eller Steam?",
        answer: COMPANY.publisherDisclaimer,
      },
      {
        id: "personuppgifter",
        question: "Hur hanterar ni mina personuppgifter?",
        answer: `Vi sparar bara de uppgifter som behövs för att genomföra affärer, betala ut pengar och uppfylla bokföringslagen. Analyscookies används bara om du har godkänt det. Läs mer i vår integritetspolicy och cookiepolicy.`,
      },
    ],
  },
  {
    id: "priser",
    title: "Priser och avgifter",
    description: "Hur vi sätter priser, avgifter och bonusar.",
    items: [
      {
        id: "prissattning",
        question: "Hur sätter ni priserna?",
        answer: `Våra priser bygger på aktuell marknadsdata från de största marknadsplatserna för CS2-skins. Vi tar hänsyn till slitagegrad, float, stickers och hur lätt ett föremål går att sälja vidare. Du får alltid ett konkret bud innan du skickar något och bestämmer själv om du vill sälja.`,
      },
      {
        id: "avgifter",
        question: "Tar ni någon avgift?",
        answer: `Nej. ${CLAIMS.fees}. ${CLAIMS.rates}.`,
      },
      {
        id: "bulkbonus",
        question: "Får jag bättre betalt om jag säljer många skins?",
        answer: `Ja. Säljer du för mer på en gång får du bulkbonus på försäljningens belopp: ${BULK_BONUS_CLAIM}. Hela inventariet kan du värdera direkt, utan konto, under Sälj skins → Värdera ditt inventarie (/salja/vardering).`,
      },
      {
        id: "vip-bonus",
        question: "Vad ger VIP-nivåerna?",
        answer: `Du tjänar XP på varje affär och klättrar då i fyra VIP-nivåer. De högre nivåerna ger extra betalt på allt du säljer: ${vipBonuses}. Gold och Platinum ger dessutom exklusiva giveaways, och Platinum en personlig kontaktperson.`,
      },
      {
        id: "poang",
        question: "Hur fungerar poängen?",
        answer: `Som inloggad får du ${POINTS_PER_SEK.sale} poäng per krona när du säljer och ${POINTS_PER_SEK.purchase} poäng per krona när du köper. Poängen löser du in mot belöningar i vår Point Shop – ${formatNumber(POINTS_VALUE.points)} poäng motsvarar ungefär ${formatNumber(POINTS_VALUE.sek)} kr i värde.`,
      },
      {
        id: "bindande-bud",
        question: "Kan priset ändras efter att jag har fått ett bud?",
        answer: `Budet gäller för de skins och den slitagegrad vi har värderat. Om föremålet du skickar skiljer sig från det vi värderade – till exempel en annan float eller andra stickers – får du ett nytt bud som du kan tacka ja eller nej till. Säger du nej skickar vi tillbaka föremålet.`,
      },
    ],
  },
];

/** Every question on the page, for the FAQPage JSON-LD. */
export const ALL_FAQ_ITEMS: readonly FaqEntry[] = FAQ_SECTIONS.flatMap((section) => section.items);
